/**
 * A ticket row's last message as one line of plain text: the *bold* and ~strike~ markers the
 * chat renders (an agent's signature is `*Name*:`) are dropped, line breaks become spaces.
 */
const BOLD = /(?<![\w*])\*((?=\S)[^*\n]*?\S)\*(?![\w*])/gu;
const STRIKE = /(?<![\w~])~((?=\S)[^~\n]*?\S)~(?![\w~])/gu;

export function previewText(text: string): string {
  return text.replace(BOLD, '$1').replace(STRIKE, '$1').replace(/\s*\n+\s*/g, ' ').trim();
}
