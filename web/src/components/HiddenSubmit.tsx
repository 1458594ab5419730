/**
 * Enter in a text field submits a ModalForm: its buttons sit in the modal footer, outside the <form>,
 * so the form needs a (hidden) submit button of its own for the browser's implicit submission.
 */
export default function HiddenSubmit() {
  return <button type="submit" hidden aria-hidden tabIndex={-1} />
}
