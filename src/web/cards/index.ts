/** Card faces of our own, as SVG markup strings (no DOM needed). */
export { cardSvg, cardBackSvg, CARD_WIDTH, CARD_HEIGHT, type CardOptions } from './card.js';
export { suitSymbolSvg, type Faces } from './suits.js';
export { cardLabel, rankName, SUIT_NAMES, type Lang } from '../../cards/labels.js';
