/** The Amplify UI theme of the signed-in shell: brand scale from the company's main colour. */
import { defaultDarkModeOverride, type Theme } from '@aws-amplify/ui-react';

const mix = (c: string, pct: number, with_: 'white' | 'black') => `color-mix(in srgb, ${c} ${pct}%, ${with_})`;

/** An Amplify theme whose brand scale is derived from the company's main colour. */
export function buildTheme(main: string): Theme {
  return {
    name: 'conversa',
    tokens: {
      colors: {
        brand: {
          primary: {
            10: mix(main, 8, 'white'),
            20: mix(main, 18, 'white'),
            40: mix(main, 40, 'white'),
            60: mix(main, 70, 'white'),
            80: main,
            90: mix(main, 80, 'black'),
            100: mix(main, 60, 'black'),
          },
        },
      },
      radii: { small: '6px', medium: '10px', large: '14px' },
      fonts: {
        default: {
          variable: "Inter, 'Segoe UI', Roboto, system-ui, -apple-system, sans-serif",
          static: "Inter, 'Segoe UI', Roboto, system-ui, -apple-system, sans-serif",
        },
      },
    },
    overrides: [
      defaultDarkModeOverride,
      {
        colorMode: 'dark',
        tokens: {
          colors: {
            brand: {
              primary: {
                10: mix(main, 20, 'black'),
                20: mix(main, 35, 'black'),
                40: mix(main, 60, 'black'),
                60: main,
                80: mix(main, 75, 'white'),
                90: mix(main, 60, 'white'),
                100: mix(main, 45, 'white'),
              },
            },
          },
        },
      },
    ],
  };
}

