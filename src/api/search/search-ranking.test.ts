import { describe, expect, it } from "vitest";
import { rankByRelevance, relevance as relevanceWith } from "./search-ranking.ts";
import { DEFAULT_SYNONYMS, synonymMap } from "./search-synonyms.ts";

const SYNONYMS = synonymMap(DEFAULT_SYNONYMS);
const relevance = (words: string[]) => relevanceWith(words, SYNONYMS);

/** A document as the index stores it: normalised words, space-separated. */
const doc = (id: number, title: string, facets: string, in_stock = 1) => ({ id, in_stock, title, facets });

describe("search relevance", () => {
  it("scores where each word was found: title, a synonym in the title, facets, a synonym in facets, elsewhere", () => {
    const score = relevance(["bag"]);
    expect(score(doc(1, "saba quilted shoulder bag", "handbags black"))).toBe(10);
    expect(score(doc(2, "noor top handle handbag", "handbags black"))).toBe(6);
    expect(score(doc(3, "lawn print shopper", "bags tan"))).toBe(4);
    expect(score(doc(4, "lawn print shopper", "totes tan"))).toBe(2);
    expect(score(doc(5, "classic bifold wallet", "wallets black"))).toBe(1);
  });

  it("adds up the words, and knows plurals and the last word as a prefix", () => {
    expect(relevance(["black", "bags"])(doc(1, "classic office satchel", "handbags black"))).toBe(4 + 6);
    expect(relevance(["kurtas"])(doc(1, "classic cotton kurta", "kurtas"))).toBe(10);
    expect(relevance(["dresses"])(doc(1, "summer dress", ""))).toBe(10);
    expect(relevance(["accessories"])(doc(1, "", "accessory"))).toBe(4);
    expect(relevance(["kurt"])(doc(1, "classic cotton kurta", "kurtas"))).toBe(10);
    // Only the last word is a prefix: "kurt" before another word must be a whole word.
    expect(relevance(["kurt", "cotton"])(doc(1, "classic cotton kurta", "kurtas"))).toBe(1 + 10);
    // Word starts only: "shirt" is not in "overshirt".
    expect(relevance(["shirt"])(doc(1, "wool blend overshirt jacket", "jackets"))).toBe(1);
    expect(relevance(["tshirt"])(doc(1, "lahore graphic t shirt tshirt", "tshirts"))).toBe(10);
  });

  it("ranks in stock first, then by score, then the newest", () => {
    const ranked = rankByRelevance(["bag"], SYNONYMS, [
      doc(1, "shoulder bag", "", 0),
      doc(2, "tote", "bags"),
      doc(3, "shoulder bag", ""),
      doc(4, "shoulder bag", ""),
      doc(5, "wallet", ""),
    ]);
    expect(ranked.map((document) => document.id)).toEqual([4, 3, 2, 5, 1]);
  });
});
