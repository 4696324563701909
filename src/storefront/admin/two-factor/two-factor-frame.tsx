import type { ReactNode } from "react";
import { Link } from "react-router";
import { LogoutButton } from "../../ui/logout-button.tsx";
import { SHOP_NAME } from "../../ui/site.ts";

/**
 * The two-factor pages' frame: the back office's top bar (brand and Logout, no menu, since the menu's pages are
 * not open yet) and one card in the middle of the page.
 */
export function TwoFactorFrame({
  title,
  lead,
  children,
}: {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="admin">
      <header className="admin-bar">
        <Link to="/admin" className="admin-bar__brand">
          {SHOP_NAME} <span>Back office</span>
        </Link>
        <div className="admin-bar__actions two-factor__bar-actions">
          <LogoutButton name="two-factor" className="button button--small" />
        </div>
      </header>
      <main className="two-factor" id="main">
        <div className="admin-page">
          <div className="admin-page__head">
            <h1 className="admin-page__title">{title}</h1>
            <p className="admin-page__lead">{lead}</p>
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
