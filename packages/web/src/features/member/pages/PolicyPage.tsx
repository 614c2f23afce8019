import { DotLoading, Tabs } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLocale } from '../../../app/i18n/locale.ts';
import { MemberSubpage } from '../../../components/member-subpage/index.ts';
import '../member-subpages.css';
import { loadPolicies, type Policies, type PolicyDocument } from '../policy/policy-document.ts';

type PolicyTab = keyof Policies;

/**
 * Policy (part 2 §2.6): Terms (13 sections) and Privacy (5 sections) in two tabs. `?tab=privacy`
 * opens the privacy tab first (for links from elsewhere); the texts are plain text.
 */
export default function PolicyPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab: PolicyTab = search.get('tab') === 'privacy' ? 'privacy' : 'terms';
  const locale = isLocale(i18n.language) ? i18n.language : 'tw';
  const [policies, setPolicies] = useState<{ locale: string; texts: Policies }>();

  useEffect(() => {
    let current = true;
    void loadPolicies(locale).then((texts) => current && setPolicies({ locale, texts }));
    return () => {
      current = false;
    };
  }, [locale]);

  const texts = policies?.locale === locale ? policies.texts : undefined;
  return (
    <MemberSubpage title={t('route_policy')} className="policy-page">
      <Tabs
        className="policy-tabs"
        activeKey={tab}
        stretch
        // Replacing the entry keeps back going to the page before, not to the other tab.
        onChange={(key) => {
          setSearch(key === 'privacy' ? { tab: 'privacy' } : {}, { replace: true });
          window.scrollTo({ top: 0 });
        }}
      >
        <Tabs.Tab key="terms" title={t('policy_terms')} />
        <Tabs.Tab key="privacy" title={t('policy_privacy')} />
      </Tabs>
      {texts ? (
        <PolicyText
          key={tab}
          title={t(tab === 'terms' ? 'policy_terms' : 'policy_privacy')}
          document={texts[tab]}
        />
      ) : (
        <div className="policy-loading">
          <DotLoading color="currentColor" />
        </div>
      )}
    </MemberSubpage>
  );
}

function PolicyText({ title, document }: { title: string; document: PolicyDocument }) {
  return (
    <article className="policy-text" aria-label={title} data-testid="policy-text">
      {document.intro.map((paragraph) => (
        <p key={paragraph} className="policy-text__intro">
          {paragraph}
        </p>
      ))}
      {document.sections.map((section, index) => (
        <section key={section.title} className="policy-section">
          <h2 className="policy-section__title">
            <span className="policy-section__number">{index + 1}</span>
            {section.title}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
