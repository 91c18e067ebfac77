// jsbarcode's Code 128 encoder on its own (the package ships types only for its main entry).
declare module 'jsbarcode/bin/barcodes/CODE128/index.js' {
  /** Code 128 in its automatic mode: it picks the shortest mix of code sets A, B and C. */
  export class CODE128 {
    constructor(data: string, options: object);
    /** False when Code 128 cannot carry the text (it is ASCII only). */
    valid(): boolean;
    /** `data`: one character per module, '1' a bar and '0' a space, start, check and stop included. */
    encode(): { data: string; text: string };
  }
}
