/** Hex colours as the colour fields store them (`#rgb`, `#rrggbb`, `#rrggbbaa`), and text that reads on them. */
export const isHexColor = (c: string): boolean => /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(c.trim());

/** Black or white, whichever reads better on `background` (its relative luminance, WCAG); white when it is no hex colour. */
export function textOn(background: string): '#000000' | '#ffffff' {
  if (!isHexColor(background)) return '#ffffff';
  let hex = background.trim().slice(1);
  if (hex.length === 3) hex = hex.replace(/./g, (ch) => ch + ch);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  // Contrast with black (l + 0.05) / 0.05 against white 1.05 / (l + 0.05): equal at l ≈ 0.179.
  return l > 0.179 ? '#000000' : '#ffffff';
}
