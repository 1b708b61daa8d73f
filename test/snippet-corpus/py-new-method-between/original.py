import logging
from dataclasses import dataclass, field

log = logging.getLogger(__name__)


@dataclass
class Product:
    sku: str
    name: str
    price: float


@dataclass
class Inventory:
    stock: dict[str, int] = field(default_factory=dict)
    products: dict[str, Product] = field(default_factory=dict)

    def add_product(self, product: Product, quantity: int = 0) -> None:
        self.products[product.sku] = product
        self.stock[product.sku] = self.stock.get(product.sku, 0) + quantity

    def remove(self, sku: str, quantity: int) -> None:
        self.stock[sku] -= quantity

    def value(self) -> float:
        return sum(self.products[sku].price * n for sku, n in self.stock.items())

    def low_stock(self, threshold: int = 5) -> list[str]:
        return [sku for sku, n in self.stock.items() if n < threshold]
