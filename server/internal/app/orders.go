package app

import (
	"context"
	"log/slog"

	"storefront/server/internal/shop"
)

// Orders is placing, listing, shipping and cancelling orders.
type Orders struct {
	Orders   shop.OrderStore
	Products shop.ProductStore
	Payments *Payments // settles a payment in progress before a delete
	Log      *slog.Logger
}

// Place reserves the stock with one conditional write, then stores the
// order; if the order cannot be stored the stock is given back. Name and
// email come from the account, name, price and image from the product.
func (o *Orders) Place(ctx context.Context, caller shop.Caller, d shop.OrderDraft) (string, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return "", err
	}
	qty, err := d.Parse()
	if err != nil {
		return "", err
	}
	p, err := o.Products.FindProduct(ctx, d.ProductID)
	if err != nil {
		return "", err
	}
	if qty < p.Minimum {
		return "", shop.Invalid("The order is not valid.", map[string]string{
			"productQuantity": "must be at least the minimum order of " + itoa64(p.Minimum)})
	}
	if err := o.Products.ReserveStock(ctx, p.ID, qty); err != nil {
		return "", err
	}
	id, err := o.Orders.InsertOrder(ctx, shop.Order{
		Name: caller.Name, Email: caller.Email, Image: p.Image, ProductID: p.ID, ProductName: p.Name,
		ProductPrice: p.Price, ProductQuantity: qty, Amount: int64(p.Price) * qty,
		Address: d.Address, Mobile: d.Mobile,
	})
	if err != nil {
		// No transactions: compensate. The context may be what failed, so
		// the release gets its own.
		if rerr := o.Products.ReleaseStock(context.WithoutCancel(ctx), p.ID, qty); rerr != nil {
			o.Log.ErrorContext(ctx, "stock reserved for a failed order was not given back", "product", p.ID, "quantity", qty, "error", rerr)
		}
		return "", err
	}
	return id, nil
}

// ListOwn lists the orders of email, for that customer or an admin.
func (o *Orders) ListOwn(ctx context.Context, caller shop.Caller, email string, limit, skip int) ([]shop.Order, int64, error) {
	if err := shop.RequireSelfOrAdmin(caller, email); err != nil {
		return nil, 0, err
	}
	return o.Orders.ListOrders(ctx, email, limit, skip)
}

// ListAll lists every order, for admins.
func (o *Orders) ListAll(ctx context.Context, caller shop.Caller, limit, skip int) ([]shop.Order, int64, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return nil, 0, err
	}
	return o.Orders.ListOrders(ctx, "", limit, skip)
}

// Ship marks an order shipped (admins, once).
func (o *Orders) Ship(ctx context.Context, caller shop.Caller, id string) (shop.UpdateResult, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.UpdateResult{}, err
	}
	return o.Orders.ShipOrder(ctx, id)
}

// orderNoun names an order as the store's not-found error does: an order
// addressed by id that is not the caller's answers exactly like a missing one.
const orderNoun = "The order"

// Get returns an order to its owner (to anyone else it does not exist).
func (o *Orders) Get(ctx context.Context, caller shop.Caller, id string) (shop.Order, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Order{}, err
	}
	ord, err := o.Orders.FindOrder(ctx, id)
	if err != nil {
		return shop.Order{}, err
	}
	if err := shop.RequireOwnerOrHide(caller, ord.Email, orderNoun); err != nil {
		return shop.Order{}, err
	}
	return ord, nil
}

// Cancel deletes an unpaid, unshipped order (its owner or an admin; to
// anyone else it does not exist) and gives its stock back.
func (o *Orders) Cancel(ctx context.Context, caller shop.Caller, id string) (shop.DeleteResult, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.DeleteResult{}, err
	}
	ord, err := o.Orders.FindOrder(ctx, id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	if err := shop.RequireOwnerOrAdminOrHide(caller, ord.Email, orderNoun); err != nil {
		return shop.DeleteResult{}, err
	}
	if o.Payments != nil && !ord.Paid {
		if err := o.Payments.SettleBeforeCancel(ctx, ord); err != nil {
			return shop.DeleteResult{}, err
		}
	}
	deleted, err := o.Orders.DeleteUnpaidOrder(ctx, id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	if err := o.Products.ReleaseStock(context.WithoutCancel(ctx), deleted.ProductID, deleted.ProductQuantity); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
		o.Log.ErrorContext(ctx, "stock of a cancelled order was not given back", "order", id, "product", deleted.ProductID, "error", err)
	}
	return shop.DeleteResult{Acknowledged: true, DeletedCount: 1}, nil
}
