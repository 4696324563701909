import { Link } from "react-router";
import { type CategoryNode, categoryTree } from "../../../shared/category-tree.ts";
import type { Category } from "../../../shared/contracts/catalogue.ts";

function Branch({ nodes, className }: { nodes: CategoryNode<Category>[]; className: string }) {
  return (
    <ul className={className}>
      {nodes.map(({ category, children }) => (
        <li key={category.id}>
          <Link to={`/shop/${category.slug}`}>{category.name}</Link>
          {children.length > 0 && <Branch nodes={children} className="category-links__children" />}
        </li>
      ))}
    </ul>
  );
}

/**
 * The shop's categories as a sub-menu under "Shop", in the header and in the phone menu: in the back office's
 * order, each category's subcategories in a list under it.
 */
export function CategoryLinks({ categories, className }: { categories: Category[]; className: string }) {
  if (categories.length === 0) return null;
  return <Branch nodes={categoryTree(categories)} className={className} />;
}
