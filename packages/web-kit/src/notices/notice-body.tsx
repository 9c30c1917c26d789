/** A notice's body: HTML the server has sanitised (sanitize-notice.ts keeps only simple formatting and safe links). */
export function NoticeBody({ html }: { html: string }) {
  return (
    <div
      className="notice-body"
      data-testid="notice-body"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised it with sanitize-html before storing it
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
