import { useEffect } from 'react';
import { useSetting } from '../../lib/get-setting';
import { colorOrFallback, setBrandColors } from '../../lib/theme-mode';

/**
 * Main and scrollbar colours from GET /settings/mainColor and /settings/scrollbarColor; black when
 * the call fails or the value is empty (spec 1 §2). Live changes arrive through the settings cache.
 */
export function useBrandSync(): void {
  const main = useSetting('mainColor');
  const scrollbar = useSetting('scrollbarColor');
  const mainDone = !main.isPending;
  const scrollDone = !scrollbar.isPending;
  const mainValue = main.data?.value;
  const scrollValue = scrollbar.data?.value;

  useEffect(() => {
    if (!mainDone || !scrollDone) return;
    setBrandColors({ main: colorOrFallback(mainValue), scrollbar: colorOrFallback(scrollValue) });
  }, [mainDone, scrollDone, mainValue, scrollValue]);
}
