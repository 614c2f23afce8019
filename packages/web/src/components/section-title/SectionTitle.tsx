import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import './section-title.css';

/** A feed block's heading, with the link to the whole list it shows a part of (更多, 全部). */
export function SectionTitle({ title, more }: { title: string; more?: { to: string; label: string } }) {
  if (!more) return <h2 className="home__section-title">{title}</h2>;
  return (
    <div className="section-title">
      <h2 className="home__section-title">{title}</h2>
      <Link to={more.to} className="section-title__more">
        {more.label}
        <RightOutline aria-hidden />
      </Link>
    </div>
  );
}
