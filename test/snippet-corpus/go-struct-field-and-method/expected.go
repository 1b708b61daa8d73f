package shop

import "fmt"

type Item struct {
	Name     string
	Price    int
	Quantity int
}

type Order struct {
	ID    string
	Items []Item
}

func (o *Order) Total() int {
	total := 0
	for _, it := range o.Items {
		total += it.Price * it.Quantity
	}
	return total
}

func (o *Order) String() string {
	return fmt.Sprintf("order %s: %d items, %d", o.ID, len(o.Items), o.Total())
}
