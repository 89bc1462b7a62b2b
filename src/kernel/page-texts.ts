/**
 * The JSON texts a document carries beside its data (decision 0098). A page's large texts (a
 * listing's cards, a product) were written into the page inside React Router's data, which escapes
 * them twice (its format's string, then the script's) and scans them for markup once more: a fifth
 * of a category page's server time for a fifth of its bytes. In a document, the page's data carries
 * a short token instead, and the text goes once, as it is, into a `<script type="application/json">`
 * of its own, which the browser reads the token's value from.
 *
 * One per document request, made with the request's context; a page data call has none, and its
 * texts go in its data as before. The texts are taken while the page's loaders run, and given up
 * once, when the page writes them: a text made later (a deferred part of a page, resolving after
 * that) goes in the data. The server's render reads a token as the value its text was made from,
 * kept here from the moment it is taken until the request's answer is done (`release`), however
 * many other pages take texts meanwhile.
 */
export class PageTexts {
  /** Shorter texts are cheaper in the data than as an element of their own. */
  static readonly SMALLEST = 256;
  /** The values behind the tokens of the pages being answered now, by element id. */
  static readonly #live = new Map<string, unknown>();
  #open = true;
  /** By text: the same text (the header's categories on two parts of a page) is written once. */
  readonly #ids = new Map<string, string>();

  /**
   * The id of the element the text will be written in, or null when it goes in the page's data. The
   * value is what the text was made from: what the server's render reads for the token.
   */
  take(text: string, value: unknown): string | null {
    if (!this.#open || text.length < PageTexts.SMALLEST) return null;
    let id = this.#ids.get(text);
    if (id === undefined) {
      id = `page-text-${(++issued).toString(36)}`;
      this.#ids.set(text, id);
      PageTexts.#live.set(id, value);
    }
    return id;
  }

  /** The texts to write, each with its element's id; nothing is taken after this. */
  close(): { id: string; text: string }[] {
    this.#open = false;
    return Array.from(this.#ids, ([text, id]) => ({ id, text }));
  }

  /** The request's answer is done (sent, failed or given up): its values are let go. */
  release(): void {
    this.#open = false;
    for (const id of this.#ids.values()) PageTexts.#live.delete(id);
  }

  /** The value behind a token of a page being answered now, on the server; undefined otherwise. */
  static found(id: string): { value: unknown } | undefined {
    return PageTexts.#live.has(id) ? { value: PageTexts.#live.get(id) } : undefined;
  }

  /** How many values are kept for pages being answered (for tests: none once every page is done). */
  static get kept(): number {
    return PageTexts.#live.size;
  }
}

/** Ids are unique in the process, so a token read on the server names one text of one page. */
let issued = 0;
