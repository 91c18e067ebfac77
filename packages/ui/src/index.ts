export { uiMessages } from './messages.js';
export type { JapaneseEraName, WarekiDate } from './wareki.js';
export { formatSeireki, formatWareki, fromWareki, JAPANESE_ERAS, toWareki } from './wareki.js';
export { formatYen, orderTotal } from './yen.js';
export { contrastRatio } from './contrast.js';
