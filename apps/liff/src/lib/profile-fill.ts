// LINE's Common Profile (quick fill) to a survey's answers: each item the survey's settings map to
// a profile field gets that field, written as the item takes it (姓 名, セイ メイ, a birthday as
// YYYY-MM-DD). A field the citizen has not set in LINE fills nothing: what they typed stays.
import type { Answers, ProfileField, SurveySchemaItem } from '@city/survey-core';

/** The Common Profile as LINE's plugin answers it (its field names; numbers for the birthday's parts). */
export type CommonProfile = Partial<Record<string, string | number | null>>;

/** The Common Profile's fields the survey's mapped items need (the plugin's scopes). */
export const SCOPES_OF: Readonly<Record<ProfileField, readonly string[]>> = {
  name: ['family-name', 'given-name'],
  nameKana: ['family-name-kana', 'given-name-kana'],
  phone: ['tel'],
  email: ['email'],
  postalCode: ['postal-code'],
  address: ['address-level1', 'address-level2', 'address-level3', 'address-level4'],
  birthday: ['bday-year', 'bday-month', 'bday-day'],
};

const text = (profile: CommonProfile, field: string): string => {
  const value = profile[field];
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
};

/** The value of one profile field, as an answer; '' when the citizen has not set it. */
export function profileValue(profile: CommonProfile, field: ProfileField): string {
  switch (field) {
    case 'name':
    case 'nameKana':
      return SCOPES_OF[field].map((part) => text(profile, part)).filter((part) => part !== '').join(' ');
    case 'address':
      return SCOPES_OF.address.map((part) => text(profile, part)).join('');
    case 'birthday': {
      const [year, month, day] = SCOPES_OF.birthday.map((part) => Number(text(profile, part)));
      if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day) || year === 0) return '';
      return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    }
    default:
      return text(profile, SCOPES_OF[field][0] ?? '');
  }
}

/** The items the citizen's LINE profile can fill (text and birthday items with a profile field). */
export function profileItems(schema: readonly SurveySchemaItem[]): { itemKey: string; field: ProfileField }[] {
  return schema.flatMap((item) => ((item.type === 'text' || item.type === 'birthday') && item.profileField !== undefined ? [{ itemKey: item.itemKey, field: item.profileField }] : []));
}

/** The scopes to ask LINE for: only the fields the survey uses. */
export const scopesFor = (schema: readonly SurveySchemaItem[]): string[] => [...new Set(profileItems(schema).flatMap((entry) => SCOPES_OF[entry.field]))];

/** The answers with each mapped item filled from the profile (items it has nothing for unchanged). */
export function answersFromProfile(schema: readonly SurveySchemaItem[], answers: Answers, profile: CommonProfile): { answers: Answers; filled: string[] } {
  const next: Record<string, Answers[string]> = { ...answers };
  const filled: string[] = [];
  for (const { itemKey, field } of profileItems(schema)) {
    const value = profileValue(profile, field);
    if (value === '') continue;
    next[itemKey] = value;
    filled.push(itemKey);
  }
  return { answers: next, filled };
}
