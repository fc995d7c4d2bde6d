import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { VariantTabs } from './variant-tabs';

const render = (disabled: boolean) =>
  renderToStaticMarkup(<VariantTabs kind="message" values={['Olá {nome}', '', '', '', '']} onChange={() => undefined} variables={['nome', 'numero', 'email', 'cupom']} disabled={disabled} />);

describe('the variants editor', () => {
  it('has five tabs, one text box each, and a chip per variable', () => {
    const html = render(false);
    expect(html.match(/role="tab"/g)).toHaveLength(5);
    expect(html.match(/<textarea/g)).toHaveLength(5);
    for (const v of ['{nome}', '{numero}', '{email}', '{cupom}']) expect(html).toContain(`>${v}</button>`);
    expect(html).not.toMatch(/<textarea[^>]*disabled/);
  });

  it('read-only: no text box and no chip can be used', () => {
    const html = render(true);
    expect(html.match(/<textarea[^>]*disabled/g)).toHaveLength(5);
    expect(html.match(/<button[^>]*class="variant-chip"[^>]*disabled/g)).toHaveLength(4);
  });
});
