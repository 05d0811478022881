/**
 * Inside a form whose buttons are a modal's footer (outside the form): without a submit button of its own, a form
 * of two fields or more is not submitted by Enter in a text field (HTML implicit submission). This one, unseen
 * and out of the tab order, makes Enter submit like the footer's OK.
 */
export function EnterSubmits() {
  return <button type="submit" hidden tabIndex={-1} aria-hidden />;
}
