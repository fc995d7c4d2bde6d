import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MessageText } from '../components/message-text';
import { parseMarkers, plainText, safeHref } from './markers';

describe('parseMarkers', () => {
  it('turns *bold* and ~strike~ into their segments', () => {
    expect(parseMarkers('hello *world* and ~old~ text')).toEqual([
      { kind: 'text', text: 'hello ' },
      { kind: 'bold', children: [{ kind: 'text', text: 'world' }] },
      { kind: 'text', text: ' and ' },
      { kind: 'strike', children: [{ kind: 'text', text: 'old' }] },
      { kind: 'text', text: ' text' },
    ]);
  });

  it('leaves markers inside words, spaced markers and lone asterisks as text', () => {
    expect(parseMarkers('2*3*4 = 24')).toEqual([{ kind: 'text', text: '2*3*4 = 24' }]);
    expect(parseMarkers('a * b * c')).toEqual([{ kind: 'text', text: 'a * b * c' }]);
    expect(parseMarkers('*not closed')).toEqual([{ kind: 'text', text: '*not closed' }]);
  });

  it('nests strike inside bold and does not span lines', () => {
    expect(parseMarkers('*a ~b~ c*')).toEqual([{ kind: 'bold', children: [{ kind: 'text', text: 'a ' }, { kind: 'strike', children: [{ kind: 'text', text: 'b' }] }, { kind: 'text', text: ' c' }] }]);
    expect(parseMarkers('*a\nb*')).toEqual([{ kind: 'text', text: '*a\nb*' }]);
  });

  it('makes http(s) and www links, leaving sentence punctuation and tildes in URLs alone', () => {
    expect(parseMarkers('see https://example.com/~user/page.')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/~user/page', href: 'https://example.com/~user/page' },
      { kind: 'text', text: '.' },
    ]);
    expect(parseMarkers('www.conversa.app')).toEqual([{ kind: 'link', text: 'www.conversa.app', href: 'https://www.conversa.app/' }]);
  });

  it('never links another scheme', () => {
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(parseMarkers('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
    expect(plainText(parseMarkers('*a* ~b~ https://x.io'))).toBe('a b https://x.io');
  });
});

describe('MessageText renders text, never HTML', () => {
  it('escapes an XSS attempt and keeps the markers', () => {
    const html = renderToStaticMarkup(<MessageText text={'<img src=x onerror="alert(1)"> *hi* <script>alert(2)</script>'} />);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('<strong>hi</strong>');
  });

  it('links open in a new tab without the opener', () => {
    const html = renderToStaticMarkup(<MessageText text={'go https://a.example/"onmouseover=alert(1)'} />);
    expect(html).toContain('href="https://a.example/"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).not.toContain('onmouseover="');
  });
});
