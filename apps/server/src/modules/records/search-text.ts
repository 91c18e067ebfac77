// What staff type and what citizens wrote rarely match to the character: 「小林修」 for 「小林 修」,
// 「０９０１２３４５６７８」 for 「090-1234-5678」, 「ヤマダ」 for 「やまだ」. A partial search compares
// both sides folded: width and compatibility forms unified (NFKC), letters in lower case, spaces
// and hyphens dropped, katakana read as hiragana.

const SPACES_AND_HYPHENS = /[\s\-‐‑‒–—―−]/gu;
const KATAKANA = /[\u30a1-\u30f6]/gu;

export function searchFold(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(SPACES_AND_HYPHENS, '')
    .replace(KATAKANA, (kana) => String.fromCharCode(kana.charCodeAt(0) - 0x60));
}
