// The codes on the card decode, with a real decoder (ZXing), to exactly the member number: the
// rendered SVG is painted into pixels (test/rasterise-svg.ts) and read as a scanner would.
import { formatMemberNumber } from '@city/survey-core';
import { BarcodeFormat, BinaryBitmap, Code128Reader, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LuminanceImage } from '../../test/rasterise-svg.js';
import { rasteriseSvg } from '../../test/rasterise-svg.js';
import { MemberCard } from './member-card.js';

const SCALE = 4;

function bitmapOf(image: LuminanceImage): BinaryBitmap {
  return new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(image.luminances, image.width, image.height)));
}

function svgNamed(name: string): SVGSVGElement {
  const element = screen.getByRole('img', { name });
  if (!(element instanceof SVGSVGElement)) throw new Error(`${name} is not an SVG`);
  return element;
}

/** Every pixel of the band `modules` wide along the image's left and right (and top and bottom) edges is white. */
function quietZoneIsWhite(image: LuminanceImage, modules: number, sides: 'all' | 'left-right'): boolean {
  const margin = modules * SCALE;
  for (let row = 0; row < image.height; row += 1) {
    for (let column = 0; column < image.width; column += 1) {
      const inZone = column < margin || column >= image.width - margin || (sides === 'all' && (row < margin || row >= image.height - margin));
      if (inZone && image.luminances[row * image.width + column] !== 255) return false;
    }
  }
  return true;
}

const numbers = [
  // The demo paper card.
  formatMemberNumber({ prefix: 'LIB', digits: 7 }, 18),
  // No prefix, leading zeros that must survive (a scanner's keyboard wedge types them as they are);
  // the card shows whatever number the server issued, checked or not.
  '00004220',
  formatMemberNumber({ prefix: '', digits: 7 }, 422),
  // A long prefix and many digits.
  formatMemberNumber({ prefix: 'SPRT', digits: 10 }, 9876543210),
  formatMemberNumber({ prefix: 'C', digits: 5 }, 1),
];

describe('MemberCard codes', () => {
  it('reads the demo paper card\'s number', () => {
    expect(numbers[0]).toBe('LIB00000182');
  });

  it.each(numbers)('the QR code of %s decodes to exactly the number, with a white quiet zone of 4 modules', (memberNumber) => {
    render(<MemberCard membershipName="市立図書館 利用カード" memberNumber={memberNumber} name="佐藤 花子" issuedOn="2019-04-01" />);
    const image = rasteriseSvg(svgNamed(`会員番号 ${memberNumber} のQRコード`), SCALE);
    expect(quietZoneIsWhite(image, 4, 'all')).toBe(true);
    const hints = new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]]]);
    const result = new QRCodeReader().decode(bitmapOf(image), hints);
    expect(result.getText()).toBe(memberNumber);
  });

  it.each(numbers)('the Code 128 barcode of %s decodes to exactly the number, with a white quiet zone of 10 modules', (memberNumber) => {
    render(<MemberCard membershipName="市立図書館 利用カード" memberNumber={memberNumber} name="佐藤 花子" issuedOn="2019-04-01" />);
    const image = rasteriseSvg(svgNamed(`会員番号 ${memberNumber} のバーコード`), SCALE);
    expect(quietZoneIsWhite(image, 10, 'left-right')).toBe(true);
    const result = new Code128Reader().decode(bitmapOf(image));
    expect(result.getBarcodeFormat()).toBe(BarcodeFormat.CODE_128);
    expect(result.getText()).toBe(memberNumber);
  });

  it('the full-screen view carries the same codes', async () => {
    render(<MemberCard membershipName="市立図書館 利用カード" memberNumber="LIB00000182" name="佐藤 花子" issuedOn="2019-04-01" defaultFullScreen />);
    const dialog = await screen.findByRole('dialog');
    const [qr, barcode] = [
      dialog.querySelector<SVGSVGElement>('svg[data-code="qr"]'),
      dialog.querySelector<SVGSVGElement>('svg[data-code="code128"]'),
    ];
    if (qr === null || barcode === null) throw new Error('the full-screen view has no codes');
    expect(new QRCodeReader().decode(bitmapOf(rasteriseSvg(qr, SCALE))).getText()).toBe('LIB00000182');
    expect(new Code128Reader().decode(bitmapOf(rasteriseSvg(barcode, SCALE))).getText()).toBe('LIB00000182');
  });
});
