/** A policy text: plain strings only, rendered as text (never as HTML). */
export interface PolicyDocument {
  /** Paragraphs before the first section. */
  intro: string[];
  sections: PolicySection[];
}

export interface PolicySection {
  title: string;
  paragraphs: string[];
}

export interface Policies {
  terms: PolicyDocument;
  privacy: PolicyDocument;
}

/**
 * The terms and privacy texts of one locale. Each locale's pair is its own chunk, downloaded only
 * when the policy page opens, and only the locale in use.
 */
export async function loadPolicies(locale: 'cn' | 'tw'): Promise<Policies> {
  if (locale === 'cn') {
    const [terms, privacy] = await Promise.all([import('./terms-cn.ts'), import('./privacy-cn.ts')]);
    return { terms: terms.termsCn, privacy: privacy.privacyCn };
  }
  const [terms, privacy] = await Promise.all([import('./terms-tw.ts'), import('./privacy-tw.ts')]);
  return { terms: terms.termsTw, privacy: privacy.privacyTw };
}
