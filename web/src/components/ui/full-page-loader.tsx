/** A CSS spinner for route loading (no Amplify import: this sits in the entry chunk). */
export function FullPageLoader({ label = 'Carregando...' }: { label?: string }) {
  return (
    <div className="full-page-loader" role="status" aria-label={label}>
      <span className="spinner" aria-hidden />
    </div>
  );
}
