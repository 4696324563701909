/**
 * HTML the API sanitised (a content page's text, decision 0066), shown as it is: the API keeps only paragraphs,
 * headings, lists, emphasis, quotes and links, so nothing here can run script.
 */
export function RichText({ html, className = "rich-text" }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API (api/catalogue/description-html.ts)
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
