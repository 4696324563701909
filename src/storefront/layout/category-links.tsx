import { Link } from "react-router";
import type { Category } from "../../shared/contracts/catalog.ts";

/** The shop's categories as a sub-menu under "Shop", in the header and in the phone menu. */
export function CategoryLinks({ categories, className }: { categories: Category[]; className: string }) {
  if (categories.length === 0) return null;
  return (
    <ul className={className}>
      {categories.map((category) => (
        <li key={category.id}>
          <Link to={`/shop/${category.slug}`}>{category.name}</Link>
        </li>
      ))}
    </ul>
  );
}
