// A counter scanner's part in the browser tests: a screenshot of what Chromium drew, decoded by a
// barcode library (ZXing), as a scanner at a library counter would read the phone's screen.
import type { Locator } from 'playwright-core';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { PNG } from 'pngjs';

/** What the code drawn in `element` says, read from a screenshot of it; throws when it cannot be read. */
export async function scan(element: Locator, format: 'qr' | 'code128'): Promise<string> {
  const image = PNG.sync.read(await element.screenshot());
  const luminances = new Uint8ClampedArray(image.width * image.height);
  for (let pixel = 0; pixel < luminances.length; pixel += 1) {
    const at = pixel * 4;
    // Rec. 601 luma; the page is opaque, so alpha is ignored.
    luminances[pixel] = ((image.data[at] ?? 0) * 299 + (image.data[at + 1] ?? 0) * 587 + (image.data[at + 2] ?? 0) * 114) / 1000;
  }
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [format === 'qr' ? BarcodeFormat.QR_CODE : BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminances, image.width, image.height))), hints).getText();
}
