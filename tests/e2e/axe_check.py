"""axe-core (vendored: tests/e2e/vendor/axe-core) run inside a Playwright page.

The script is evaluated through the browser's debugging protocol (as an init
script of the context, or at once), so the site's Content Security Policy (no
inline script) stays in force for the page itself."""

from pathlib import Path

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
# WCAG 2.0, 2.1 and 2.2, levels A and AA.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
GRAVE = ("serious", "critical")
# The rules whose result depends on colours alone.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]

RUN = """async ([tags, exclude, rules, waived]) => {
  const context = exclude.length ? {include: [["html"]], exclude: exclude.map(s => [s])} : document;
  const only = rules ? {type: "rule", values: rules} : {type: "tag", values: tags};
  const result = await axe.run(context, {runOnly: only,
                                          resultTypes: ["violations"]});
  const isWaived = (id, target) => waived.some(([rule, inside]) => {
    const el = target.length === 1 ? document.querySelector(target[0]) : null;
    return rule === id && el && el.closest(inside);
  });
  return result.violations.map(v => ({
    id: v.id, impact: v.impact,
    nodes: v.nodes.filter(n => !isWaived(v.id, n.target))
                  .map(n => ({target: n.target.join(" "),
                              summary: (n.failureSummary || "").slice(0, 300)})),
  })).filter(v => v.nodes.length);
}"""


def with_axe(page):
    """The page, with axe-core loaded into every document it opens from now."""
    page.context.add_init_script(path=str(AXE))
    return page


def violations(page, impacts=GRAVE, exclude=(), rules=None, waived=()) -> list[dict]:
    """The page's violations of the WCAG A/AA rules (or of these `rules`) of
    these impacts, outside the elements the `exclude` selectors match; a
    `waived` (rule, selector) pair drops that rule's findings inside it."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text())
    found = page.evaluate(RUN, [TAGS, list(exclude), rules, [list(w) for w in waived]])
    return [v for v in found if v["impact"] in impacts]


def describe(found: list[dict]) -> str:
    return "; ".join(
        f"{v['id']} ({v['impact']}) x{len(v['nodes'])}: "
        + ", ".join(n["target"] for n in v["nodes"][:4])
        + (f" [{v['nodes'][0]['summary']}]" if v["nodes"] else "")
        for v in found
    )
