/**
 * Scalar's console (1.72) renders a few widgets with ARIA that no option of it changes, and axe-core
 * reports them as serious or critical: its text inputs are `role="combobox"` with no popup state nor
 * (some) a name, its "More information" buttons are `role="none"` with a label, its copy buttons have
 * no name, and some `aria-controls` name an element that is not rendered. These repairs run on its
 * DOM as it renders; each one only adds or removes what is wrong, so running again changes nothing.
 */
const repairs: ReadonlyArray<(root: ParentNode) => void> = [
  // A contenteditable input whose suggestions never say whether they are shown: a textbox (with
  // aria-autocomplete, which a textbox takes), named by its <label for> or else by its placeholder.
  function inputsAreTextboxes(root) {
    for (const input of root.querySelectorAll<HTMLElement>('[role="combobox"]:not([aria-expanded])')) {
      input.setAttribute('role', 'textbox');
      if (input.hasAttribute('aria-label') || input.hasAttribute('aria-labelledby')) continue;
      const wrapperId = input.closest('[id]')?.id;
      const label = wrapperId
        ? document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(wrapperId)}"]`)
        : null;
      if (label) {
        label.id ||= `${wrapperId}-label`;
        input.setAttribute('aria-labelledby', label.id);
      } else input.setAttribute('aria-label', input.dataset.placeholder || 'Value');
    }
  },
  // A button cannot take role="none" and keep its label: it stays a button.
  function buttonsStayButtons(root) {
    for (const button of root.querySelectorAll('button[role="none"]')) button.removeAttribute('role');
  },
  // A code block's copy button: its words are shown (and read) only while the block has focus.
  function copyButtonsAreNamed(root) {
    for (const button of root.querySelectorAll('button[class*="copy-button"]:not([aria-label])'))
      button.setAttribute('aria-label', 'Copy');
  },
  function controlsExist(root) {
    for (const element of root.querySelectorAll('[aria-controls]'))
      if (!document.getElementById(element.getAttribute('aria-controls') ?? ''))
        element.removeAttribute('aria-controls');
  },
  // CodeMirror's read-only views (the response body): named by the section they show.
  function codeViewsAreNamed(root) {
    for (const view of root.querySelectorAll<HTMLElement>('.cm-content[role="textbox"]')) {
      if (view.hasAttribute('aria-label') || view.hasAttribute('aria-labelledby')) continue;
      const section = view.closest('[aria-labelledby], [aria-label]');
      const by = section?.getAttribute('aria-labelledby');
      if (by) view.setAttribute('aria-labelledby', by);
      else view.setAttribute('aria-label', section?.getAttribute('aria-label') || 'Code');
    }
  },
];

/**
 * Repairs what Scalar rendered so far and then whatever it renders next (its API client opens in a
 * dialog outside the console's element, so the whole body is watched); the returned function stops.
 */
export function repairScalarAria(): () => void {
  function repairAll(): void {
    for (const repair of repairs) repair(document.body);
  }
  // The repairs' own changes call this again, and then find nothing left to change.
  const observer = new MutationObserver(repairAll);
  repairAll();
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['role', 'aria-controls', 'aria-label'],
  });
  return () => observer.disconnect();
}
