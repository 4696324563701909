import { NavLink } from "react-router";
import type { User } from "../../../shared/contracts/account.ts";
import { DEFAULT_AVATAR } from "../../../shared/images.ts";
import { LogoutButton } from "../../ui/logout-button.tsx";

/** The account pages' side menu: who is signed in, the three pages, and logout. */
export function AccountNav({ user }: { user: User }) {
  return (
    <nav className="account-nav" aria-label="Account">
      <div className="account-nav__who">
        <img src={user.image || DEFAULT_AVATAR} alt="" width={48} height={48} />
        <p>
          <strong>{user.name || `${user.first_name} ${user.last_name}`}</strong>
          <span>{user.email}</span>
        </p>
      </div>
      <ul className="account-nav__list">
        <li>
          <NavLink to="/user-dashboard" end>
            Dashboard
          </NavLink>
        </li>
        <li>
          <NavLink to="/account/orders">Orders</NavLink>
        </li>
        <li>
          <NavLink to="/my-account">Account details</NavLink>
        </li>
        <li>
          <LogoutButton name="account-nav" className="account-nav__logout" />
        </li>
      </ul>
    </nav>
  );
}
