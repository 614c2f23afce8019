export interface HomeTab {
  key: string;
  title: string;
}

/**
 * The home page's row of tabs (Recommend, the server's menus, categories / actors), drawn here
 * rather than with antd-mobile's Tabs: that one brings react-spring and lodash into the first
 * screen's code (17 of its 25 KB compressed) and measures the page in a layout effect, which forces
 * the first layout inside the first render. It looks the same as the other pages' Tabs.
 */
export function HomeTabs({
  tabs,
  active,
  onChange,
}: {
  tabs: HomeTab[];
  active: string;
  onChange: (key: string) => void;
}) {
  return (
    <div className="home__tabs" role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          className="home__tab"
          onClick={(event) => {
            // As antd's Tabs do: the chosen tab slides to the middle of the row.
            event.currentTarget.scrollIntoView({ inline: 'center', block: 'nearest', behavior: 'smooth' });
            onChange(tab.key);
          }}
        >
          {tab.title}
        </button>
      ))}
    </div>
  );
}
