import { Link } from "react-router";
import type { User } from "../../../shared/contracts/account.ts";
import { DEFAULT_AVATAR } from "../../../shared/images.ts";
import { Dropdown } from "../../ui/dropdown.tsx";
import { UserIcon } from "../../ui/icons.tsx";
import { LogoutButton } from "../../ui/logout-button.tsx";

/** Login, Register and My account for guests; the shopper's name, My account and Logout when signed in. */
export function AccountMenu({
  user,
  open,
  onToggle,
}: {
  user: User | null;
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  return (
    <Dropdown
      className="account-menu"
      open={open}
      onToggle={onToggle}
      label={user ? `Account: ${user.first_name}` : "Account"}
      summary={<UserIcon />}
    >
      {user && (
        <div className="account-menu__who">
          {/* Lazy: in a closed dropdown, and an eager image would have React preload it in the page's head, where
              the host's slots for a signed-in shopper do not reach (decision 0057). */}
          <img
            src={user.image || DEFAULT_AVATAR}
            alt=""
            width={36}
            height={36}
            loading="lazy"
            decoding="async"
          />
          <p>
            <span className="account-menu__hello">Signed in as</span>
            <strong>{user.name || `${user.first_name} ${user.last_name}`}</strong>
          </p>
        </div>
      )}
      <ul className="account-menu__list">
        {!user && (
          <>
            <li>
              <Link to="/user-login">Login</Link>
            </li>
            <li>
              <Link to="/user-register">Register</Link>
            </li>
          </>
        )}
        <li>
          <Link to="/my-account">My account</Link>
        </li>
        {user && (
          <li>
            <LogoutButton name="account-menu" className="account-menu__logout" />
          </li>
        )}
      </ul>
    </Dropdown>
  );
}
