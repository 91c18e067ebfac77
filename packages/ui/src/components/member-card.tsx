import type { CSSProperties, KeyboardEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import type { QrMatrix } from '../member-codes.js';
import { code128Modules, darkRuns, groupMemberNumber, qrMatrix } from '../member-codes.js';
import { uiMemberMessages } from '../member-messages.js';
import { formatSeireki, formatWareki } from '../wareki.js';
import { Button } from './button.js';
import { useModalFocus } from './modal-focus.js';

/** What the card shows: the fields of the contract's `MemberCard` (@city/api-client). */
export interface MemberCardProps {
  /** The membership, e.g. 「市立図書館 利用カード」. */
  membershipName: string;
  /** Exactly as issued (`LIB00000182`): the codes carry it character for character. */
  memberNumber: string;
  name: string;
  /** `YYYY-MM-DD`, Japan's date. */
  issuedOn: string;
  /** Open in the full-screen view (a screen reached from 「窓口で提示」, or a story). */
  defaultFullScreen?: boolean;
}

// The card's look lives here as inline styles, not in styles.css: the app puts styles.css inside
// index.html, so rules there would be downloaded before every first screen; these come only with
// the chunk that shows a card.
const BLACK = '#000000';
const WHITE = '#ffffff';
/** Quiet zones: 4 modules around a QR code, 10 on each side of a Code 128 barcode (their specs' minimum). */
const QR_QUIET = 4;
const BARCODE_QUIET = 10;
/** Bar height in modules: about a third of the symbol's width for a member number, easy to aim at. */
const BARCODE_HEIGHT = 40;

const styles = {
  card: {
    border: '1px solid var(--city-border)',
    borderRadius: 'var(--city-radius)',
    background: WHITE,
    color: 'var(--city-text)',
    padding: 16,
    display: 'grid',
    gap: 12,
    maxWidth: 420,
  },
  title: { margin: 0, fontSize: '1.1rem', lineHeight: 1.4 },
  facts: { margin: 0, display: 'grid', gap: 8 },
  fact: { display: 'grid', gap: 2 },
  term: { fontSize: '0.85rem', color: 'var(--city-text-muted)' },
  detail: { margin: 0, overflowWrap: 'anywhere' },
  name: { margin: 0, fontSize: '1.15rem', fontWeight: 700, overflowWrap: 'anywhere' },
  number: {
    margin: 0,
    fontFamily: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Noto Sans Mono', monospace",
    fontSize: '1.6rem',
    fontWeight: 700,
    letterSpacing: '0.06em',
    color: BLACK,
    overflowWrap: 'anywhere',
  },
  numberGroup: { marginInlineEnd: '0.45em' },
  codes: { display: 'grid', gap: 12, justifyItems: 'center', background: WHITE, padding: '8px 0' },
  qr: { width: 'min(200px, 60vw)', height: 'auto', display: 'block' },
  barcode: { width: '100%', maxWidth: 360, height: 'auto', display: 'block' },
  fullScreen: {
    position: 'fixed',
    inset: 0,
    zIndex: 1000,
    background: WHITE,
    color: BLACK,
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: 16,
    padding: 16,
    boxSizing: 'border-box',
  },
  fullScreenTitle: { margin: 0, fontSize: '1.1rem', textAlign: 'center', overflowWrap: 'anywhere' },
  // As large as fits: the QR code's side is the smaller of the width and about half the height.
  fullScreenQr: { width: 'min(92vw, 48vh)', height: 'auto', display: 'block' },
  fullScreenBarcode: { width: 'min(96vw, 640px)', height: 'auto', display: 'block' },
  hint: { margin: 0, fontSize: '0.9rem', textAlign: 'center', color: BLACK },
} satisfies Record<string, CSSProperties>;

/** 「2019年4月1日（平成31年4月1日）」; a malformed date as it came. */
function issuedOnText(issuedOn: string): string {
  const seireki = formatSeireki(issuedOn);
  return seireki === undefined ? issuedOn : uiMemberMessages.issuedOnDate(seireki, formatWareki(issuedOn));
}

/** The member number as text in groups (`LIB 0000 0182`) whose text is still exactly the number. */
function GroupedNumber({ memberNumber, style }: { memberNumber: string; style: CSSProperties }) {
  const groups = groupMemberNumber(memberNumber);
  return (
    <p style={style} data-testid="member-number">
      {groups.map((group, index) => (
        // The gap is a margin, not a space: copying or reading it out gives the number as issued.
        <span key={index} style={index < groups.length - 1 ? styles.numberGroup : undefined}>
          {group}
        </span>
      ))}
    </p>
  );
}

/** The QR code: one white square, quiet zone included, and the dark modules as one path. */
function QrCodeSvg({ memberNumber, matrix, style }: { memberNumber: string; matrix: QrMatrix; style: CSSProperties }) {
  const side = matrix.size + QR_QUIET * 2;
  const path = matrix.dark
    .flatMap((row, y) => darkRuns(row).map((run) => `M${run.start + QR_QUIET} ${y + QR_QUIET}h${run.length}v1h-${run.length}z`))
    .join('');
  return (
    <svg role="img" aria-label={uiMemberMessages.qrLabel(memberNumber)} viewBox={`0 0 ${side} ${side}`} style={style} shapeRendering="crispEdges" data-code="qr">
      <rect x={0} y={0} width={side} height={side} fill={WHITE} />
      <path d={path} fill={BLACK} />
    </svg>
  );
}

/** The Code 128 barcode: a white band, quiet zones included, and one rectangle per bar. */
function BarcodeSvg({ memberNumber, modules, style }: { memberNumber: string; modules: string; style: CSSProperties }) {
  const width = modules.length + BARCODE_QUIET * 2;
  const bars = darkRuns(Array.from(modules, (module) => module === '1'));
  return (
    <svg
      role="img"
      aria-label={uiMemberMessages.barcodeLabel(memberNumber)}
      viewBox={`0 0 ${width} ${BARCODE_HEIGHT}`}
      style={style}
      shapeRendering="crispEdges"
      data-code="code128"
    >
      <rect x={0} y={0} width={width} height={BARCODE_HEIGHT} fill={WHITE} />
      {bars.map((bar) => (
        <rect key={bar.start} x={bar.start + BARCODE_QUIET} y={0} width={bar.length} height={BARCODE_HEIGHT} fill={BLACK} />
      ))}
    </svg>
  );
}

function Codes({ memberNumber, qrStyle, barcodeStyle }: { memberNumber: string; qrStyle: CSSProperties; barcodeStyle: CSSProperties }) {
  const matrix = qrMatrix(memberNumber);
  const modules = code128Modules(memberNumber);
  if (matrix === undefined || modules === undefined) {
    return <p style={styles.detail}>{uiMemberMessages.cannotEncode}</p>;
  }
  return (
    <>
      <QrCodeSvg memberNumber={memberNumber} matrix={matrix} style={qrStyle} />
      <BarcodeSvg memberNumber={memberNumber} modules={modules} style={barcodeStyle} />
    </>
  );
}

/**
 * Keeps the screen on while the codes are shown, where the browser offers the Screen Wake Lock
 * API; a refusal (battery saver, an older LINE) only means the phone may dim as usual.
 */
function useScreenWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let released = false;
    let sentinel: WakeLockSentinel | undefined;
    navigator.wakeLock
      .request('screen')
      .then((lock) => {
        if (released) void lock.release().catch(() => undefined);
        else sentinel = lock;
      })
      .catch(() => undefined);
    return () => {
      released = true;
      void sentinel?.release().catch(() => undefined);
    };
  }, [active]);
}

/**
 * The codes alone on white at the largest size that fits, for the counter's scanner. A modal like
 * `Dialog`: focus moves to 「閉じる」 and stays inside, Escape closes, focus goes back to where it was.
 */
function FullScreenCard({ membershipName, memberNumber, name, onClose }: { membershipName: string; memberNumber: string; name: string; onClose: () => void }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useScreenWakeLock(true);
  useModalFocus(panel, true, onClose);
  // 「閉じる」 is the only control, so Tab stays on it.
  const keepFocusInside = (event: KeyboardEvent) => {
    if (event.key === 'Tab') {
      event.preventDefault();
      panel.current?.querySelector('button')?.focus();
    }
  };
  return (
    <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} style={styles.fullScreen} onKeyDown={keepFocusInside}>
      <h2 id={titleId} style={styles.fullScreenTitle}>
        {membershipName}
      </h2>
      <Codes memberNumber={memberNumber} qrStyle={styles.fullScreenQr} barcodeStyle={styles.fullScreenBarcode} />
      <GroupedNumber memberNumber={memberNumber} style={{ ...styles.number, fontSize: '2rem', textAlign: 'center' }} />
      <p style={{ ...styles.detail, fontSize: '1.1rem', fontWeight: 700 }}>{name}</p>
      <p style={styles.hint}>{uiMemberMessages.fullScreenHint}</p>
      <Button variant="secondary" onClick={onClose}>
        {uiMemberMessages.closeFullScreen}
      </Button>
    </div>
  );
}

/**
 * A digital member card, what a citizen shows at the counter: the membership, their name, the
 * member number (large, monospace, grouped for the eye), the issue date in 西暦 and 和暦, and a
 * QR code and a Code 128 barcode of the exact number, black on white with quiet zones.
 * 「全画面で表示」 shows the codes alone, as large as they fit, and keeps the screen on.
 */
export function MemberCard({ membershipName, memberNumber, name, issuedOn, defaultFullScreen = false }: MemberCardProps) {
  const [fullScreen, setFullScreen] = useState(defaultFullScreen);
  const titleId = useId();
  return (
    <>
      <section aria-labelledby={titleId} style={styles.card}>
        <h2 id={titleId} style={styles.title}>
          {membershipName}
        </h2>
        <dl style={styles.facts}>
          <div style={styles.fact}>
            <dt style={styles.term}>{uiMemberMessages.name}</dt>
            <dd style={styles.name}>{name}</dd>
          </div>
          <div style={styles.fact}>
            <dt style={styles.term}>{uiMemberMessages.memberNumber}</dt>
            <dd style={styles.detail}>
              <GroupedNumber memberNumber={memberNumber} style={styles.number} />
            </dd>
          </div>
          <div style={styles.fact}>
            <dt style={styles.term}>{uiMemberMessages.issuedOn}</dt>
            <dd style={styles.detail}>{issuedOnText(issuedOn)}</dd>
          </div>
        </dl>
        <div style={styles.codes}>
          <Codes memberNumber={memberNumber} qrStyle={styles.qr} barcodeStyle={styles.barcode} />
        </div>
        <Button
          variant="secondary"
          onClick={() => {
            setFullScreen(true);
          }}
        >
          {uiMemberMessages.openFullScreen}
        </Button>
      </section>
      {fullScreen ? (
        <FullScreenCard
          membershipName={membershipName}
          memberNumber={memberNumber}
          name={name}
          onClose={() => {
            setFullScreen(false);
          }}
        />
      ) : null}
    </>
  );
}
