import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isBackBlockedTarget, isSafeReturnPath, isSurveyFormPath, nextPathOf, paths } from './paths.js';

describe('paths', () => {
  it('builds each screen path, encoding ids', () => {
    expect(paths.survey.to('a b')).toBe('/survey/a%20b');
    expect(paths.confirmList.to('x')).toBe('/confirmList/x');
    expect(paths.cancelConfirm.to('x')).toBe('/cancelConfirm/x');
    expect(paths.confirm.to('a b')).toBe('/confirm/a%20b');
  });

  it('carries where a member screen brings the citizen back to, and only back into the app', () => {
    expect(paths.member.to('library-card')).toBe('/member/library-card');
    const to = paths.memberConfirmList.to('library-card', '/survey/study-room');
    expect(to).toBe('/member-confirmList/library-card?next=%2Fsurvey%2Fstudy-room');
    expect(nextPathOf(new URL(to, 'https://app.example').searchParams)).toBe('/survey/study-room');
    expect(nextPathOf(new URLSearchParams({ next: 'https://evil.example/' }))).toBeUndefined();
    expect(nextPathOf(new URLSearchParams({ next: '//evil.example/' }))).toBeUndefined();
    // Browsers drop tabs and newlines from addresses, and read a backslash as a slash.
    for (const sneaky of ['/\t/evil.example', '/\n/evil.example', '/\r/evil.example', '/\\evil.example', '/survey/x\\..\\..\\/evil']) {
      expect(nextPathOf(new URLSearchParams({ next: sneaky }))).toBeUndefined();
    }
    expect(nextPathOf(new URLSearchParams('next=%2F%09%2Fevil.example'))).toBeUndefined();
    expect(nextPathOf(new URLSearchParams())).toBeUndefined();
  });

  it('leaves the optional survey id out when there is none', () => {
    expect(paths.confirm.to()).toBe('/confirm');
    expect(paths.confirmList.to()).toBe('/confirmList');
    expect(paths.cancelConfirm.to()).toBe('/cancelConfirm');
  });

  it('matches both forms of a screen with an optional id with its one route', () => {
    for (const screen of [paths.confirm, paths.confirmList, paths.cancelConfirm]) {
      expect(matchPath(screen.pattern, screen.to())?.params.id).toBeUndefined();
      expect(matchPath(screen.pattern, screen.to('event-application'))?.params.id).toBe('event-application');
      expect(matchPath(screen.pattern, `${screen.to('x')}/more`)).toBeNull();
    }
  });

  it('returns after login only to a path of this app, never to login itself or elsewhere', () => {
    expect(isSafeReturnPath('/confirmList/event-application')).toBe(true);
    expect(isSafeReturnPath('/survey/x?from=line')).toBe(true);
    for (const unsafe of ['//evil.example', '/\\evil.example', 'https://evil.example/', '/login', '/login?code=1', '/login/survey/x', '', null]) {
      expect(isSafeReturnPath(unsafe), String(unsafe)).toBe(false);
    }
  });

  it('knows the survey form and the screens back navigation from it may not reach', () => {
    expect(isSurveyFormPath('/survey/x')).toBe(true);
    expect(isSurveyFormPath('/survey')).toBe(false);
    expect(isBackBlockedTarget('/confirmList/x')).toBe(true);
    expect(isBackBlockedTarget('/confirm/x')).toBe(true);
    expect(isBackBlockedTarget('/confirmList')).toBe(false);
    expect(isBackBlockedTarget('/confirmDetails')).toBe(false);
  });
});
