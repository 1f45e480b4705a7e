// A titled part of a page: a <section> named by its h2 (for the page's outline and screen
// readers' landmarks), then its content. `id` is the heading's id.
export function Section({
  id,
  title,
  className = "space-y-3",
  headingClassName = "text-lg font-semibold",
  children,
}: {
  id: string;
  title: string;
  className?: string;
  headingClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
