/** "1 item", "3 items": how the header's cart and wishlist and their pages count. */
export function itemCount(count: number): string {
  return count === 1 ? "1 item" : `${count} items`;
}
