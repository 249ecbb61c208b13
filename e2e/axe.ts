import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA, as the Norwegian universal-design regulation requires. */
export async function expectNoAxeViolations(page: Page, context = page.url()): Promise<void> {
  // A dialog fading in or out has colours part-way, which axe would measure as poor contrast.
  // (Spinners run for ever and are left out.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  // A transition that starts while axe runs (a notification closing by itself after a few
  // seconds) would show its colours part-way too: while axe runs, transitions jump to their end.
  const frozen = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  // Legacy mode runs axe.run() in the page itself. The default runs each frame apart and then
  // merges the results in a blank page it opens and loads axe into once more, for every check:
  // that costs about a second a check, and buys only cross-origin frames, which Tun has none of
  // (the same violations and passes either way).
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  await frozen.evaluate((style) => (style as HTMLStyleElement).remove());
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${context}`).toEqual([]);
}
