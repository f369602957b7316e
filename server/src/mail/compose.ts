/**
 * A message is written once, as lines, and becomes both parts from them, so the HTML part can
 * never say something the text part does not. A line is a sentence or a link; an empty line
 * ends a paragraph. In the text part a link is its address on a line of its own (what every mail
 * reader turns into a link); in the HTML part it is a real <a> whose words say where it leads,
 * since a screen reader reading out a 60-character token helps nobody.
 */
export interface MailLink {
  href: string;
  /** What the link does, as its visible words in the HTML part ("Open the request in Imprest"). */
  label: string;
}
/** Text, a link, or both within one line ("Review it: " and its link). */
export type MailLine = string | MailLink | Array<string | MailLink>;

export const link = (href: string, label: string): MailLink => ({ href, label });

const segments = (line: MailLine) => (Array.isArray(line) ? line : [line]);

export function mailText(lines: MailLine[]): string {
  return lines
    .map((line) =>
      segments(line)
        .map((part) => (typeof part === 'string' ? part : part.href))
        .join(''),
    )
    .join('\n');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function paragraphs(lines: MailLine[]): MailLine[][] {
  const out: MailLine[][] = [[]];
  for (const line of lines) {
    if (line === '' || (Array.isArray(line) && line.length === 0)) out.push([]);
    else out.at(-1)!.push(line);
  }
  return out.filter((p) => p.length > 0);
}

const anchor = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
/** An address written into a sentence ("sign in at https://…/") is a link too, its words the address. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)]/g;
const textHtml = (text: string) => {
  let out = '';
  let from = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    out += escapeHtml(text.slice(from, match.index)) + anchor(match[0], match[0]);
    from = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(from));
};
const lineHtml = (line: MailLine) =>
  segments(line)
    .map((part) => (typeof part === 'string' ? textHtml(part) : anchor(part.href, part.label)))
    .join('');

/**
 * The HTML part: a whole document in British English with the subject as its title and heading,
 * paragraphs and links, nothing fetched from elsewhere (no images, fonts or style sheets: mail
 * readers block them and they track the reader) and a few inline styles it reads well without.
 */
export function mailHtml(subject: string, lines: MailLine[]): string {
  const body = paragraphs(lines)
    .map((p) => `<p style="margin:0 0 16px">${p.map(lineHtml).join('<br>\n')}</p>`)
    .join('\n');
  return [
    '<!DOCTYPE html>',
    '<html lang="en-GB" dir="ltr">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(subject)}</title>`,
    '</head>',
    '<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
    `<div role="article" aria-roledescription="email" aria-label="${escapeHtml(subject)}" lang="en-GB" style="max-width:600px">`,
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>`,
    body,
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
