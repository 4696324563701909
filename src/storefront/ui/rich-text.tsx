/**
 * HTML the API sanitised (a content page's text, decision 0066), shown as it is: the API keeps only paragraphs,
 * headings, lists, emphasis, quotes and links, so nothing here can run script.
 */
export function RichText({ html, className = "rich-text" }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
