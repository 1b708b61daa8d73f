import React, { useState } from "react";
import type { Product } from "./types";

interface Props {
  products: Product[];
  onBuy(product: Product): void;
}

export function ProductList({ products, onBuy }: Props) {
  const [filter, setFilter] = useState("");
  const shown = products.filter((p) => p.name.toLowerCase().includes(filter.toLowerCase()));

  return (
    <div className="product-list">
      <input value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Filter" />
      <ul>
        {shown.map((p) => (
          <li key={p.id}>
            <span>{p.name}</span>
            <button onClick={() => onBuy(p)}>Buy</button>
          </li>
        ))}
      </ul>
    </div>
  );
}
