import Mustache from "mustache";
import { convert } from "html-to-text";

/**
 * Email templates: {{variable}} placeholders (Mustache, logic-less) in a subject, an HTML body and a plain-text
 * alternative. Values are HTML-escaped in the HTML body and inserted as they are in the subject and the text; a
 * template without its own text gets one made from the rendered HTML.
 */
export interface EmailTemplateParts {
  subject: string;
  html: string;
  text: string;
}

export type TemplateVariables = Record<string, string | number | null | undefined>;

const RAW = { escape: (s: unknown) => String(s) };

/** Throws with Mustache's description of the first syntax error (an unclosed tag...). */
export function checkTemplateSyntax(source: string): void {
  Mustache.parse(source);
}

/** The variable names a template uses, in first-use order. */
export function templateVariables(...sources: string[]): string[] {
  const out = new Set<string>();
  const walk = (tokens: unknown[]) => {
    for (const t of tokens as [string, string, number, number, unknown[]?][]) {
      if (t[0] === "name" || t[0] === "&" || t[0] === "#" || t[0] === "^") out.add(t[1]);
      if (Array.isArray(t[4])) walk(t[4]);
    }
  };
  for (const s of sources) walk(Mustache.parse(s) as unknown[]);
  return [...out];
}

export function renderEmail(t: EmailTemplateParts, vars: TemplateVariables): EmailTemplateParts {
  const view = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, v ?? ""]));
  const html = Mustache.render(t.html, view);
  const text = t.text.trim() ? Mustache.render(t.text, view, {}, RAW) : convert(html, { wordwrap: 100 });
  // A subject is one line: newlines a value carries would start new headers.
  const subject = Mustache.render(t.subject, view, {}, RAW)
    .replace(/[\r\n]+/g, " ")
    .slice(0, 200);
  return { subject, html, text };
}

// Reading templates and writing the outbox row are the email tables' owner's: @gryx/store (email.ts).
