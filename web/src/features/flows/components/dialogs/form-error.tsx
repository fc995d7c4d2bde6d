/** A dialog's error line (read out when it appears). */
export function FormError({ message }: { message?: string }) {
  return message ? (
    <p className="flow-form__error" role="alert">
      {message}
    </p>
  ) : null;
}
