import { textOn } from '../../../lib/color';

/** A tag's name on its colour (spec 3 "Tags list": the name as a coloured chip), its text black or white for contrast. */
export function TagChip({ name, color }: { name: string; color: string }) {
  return (
    <span className="tag-chip" style={{ background: color, color: textOn(color) }} title={name}>
      {name}
    </span>
  );
}
