package mongodb_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"storefront/server/internal/app"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// snapshot is what the request paths read: every list in every order.
type snapshot struct {
	Products map[string][]shop.Product
	Orders   []shop.Order
	ByEmail  map[string][]shop.Order
	ByStatus map[shop.OrderStatus][]shop.Order
	Users    []shop.User
	Profiles map[string]shop.Profile
	Reviews  []shop.Review
}

func takeSnapshot(t *testing.T, s *mongodb.Store, emails []string) snapshot {
	t.Helper()
	ctx := context.Background()
	snap := snapshot{Products: map[string][]shop.Product{}, ByEmail: map[string][]shop.Order{}, ByStatus: map[shop.OrderStatus][]shop.Order{}, Profiles: map[string]shop.Profile{}}
	for _, sort := range []string{"createdAt", "-createdAt", "name", "-name", "price", "-price"} {
		for skip := 0; ; skip += 100 {
			page, total, err := s.ListProducts(ctx, shop.ProductQuery{Limit: 100, Skip: skip, Sort: sort})
			if err != nil {
				t.Fatal(err)
			}
			snap.Products[sort] = append(snap.Products[sort], page...)
			if int64(skip+100) >= total {
				break
			}
		}
	}
	var err error
	if snap.Orders, _, err = s.ListOrders(ctx, "", 100_000, 0); err != nil {
		t.Fatal(err)
	}
	for _, st := range shop.OrderStatuses {
		if snap.ByStatus[st], _, err = s.ListOrdersByStatus(ctx, st, 100_000, 0); err != nil {
			t.Fatal(err)
		}
	}
	for _, e := range emails {
		if snap.ByEmail[e], _, err = s.ListOrders(ctx, e, 100_000, 0); err != nil {
			t.Fatal(err)
		}
		if p, err := s.FindProfileByEmail(ctx, e); err == nil {
			snap.Profiles[e] = p
		}
	}
	if snap.Users, _, err = s.ListUsers(ctx, 100_000, 0); err != nil {
		t.Fatal(err)
	}
	if snap.Reviews, err = s.ListReviews(ctx, 100_000); err != nil {
		t.Fatal(err)
	}
	return snap
}

// TestMirror_AgreesWithTheStore drives 500 concurrent mixed writes through
// the services and the store: orders, cancels, payments, shipping, product
// edits, renames and deletes, sign-ups (some duplicate), profile saves and
// reviews. The in-memory copy must then equal a rebuild from the store, and
// a restart (a rebuild) must answer every list exactly as before.
func TestMirror_AgreesWithTheStore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	s := mongotest.MustOpenAt(t, dir)
	mongotest.RequireMongoDB(t, s)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	orders := &app.Orders{Orders: s, Products: s, Groups: s, Cancellations: s, Log: log}
	app.Link(orders, &app.Purchases{Groups: s, Products: s}, &app.Payments{Orders: s, Groups: s, Intents: s, Log: log})

	var ids []string
	for i := range 20 {
		d := draft(fmt.Sprintf("Machine %02d", i), 200)
		d.Price = shop.Cents(1000 + 37*i)
		ids = append(ids, mustInsert(t, s, d).ID)
	}
	var emails []string
	var callers []*shop.User
	for i := range 8 {
		u, err := s.CreateUser(ctx, shop.User{Email: fmt.Sprintf("buyer%d@shop.test", i), Name: fmt.Sprintf("Buyer %d", i), Provider: shop.ProviderPassword})
		if err != nil {
			t.Fatal(err)
		}
		emails, callers = append(emails, u.Email), append(callers, &u)
	}

	var mu sync.Mutex
	var placed []string
	var wg sync.WaitGroup
	for i := range 500 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(i), 11))
			caller := callers[r.IntN(len(callers))]
			pick := func() string {
				mu.Lock()
				defer mu.Unlock()
				if len(placed) == 0 {
					return ""
				}
				return placed[r.IntN(len(placed))]
			}
			var err error
			switch i % 10 {
			case 0, 1, 2, 3: // orders
				var o shop.Order
				o, err = orders.Place(ctx, caller, shop.OrderDraft{ProductID: ids[r.IntN(len(ids))], ProductQuantity: "3", Delivery: shop.Delivery{Address: "1 Mill Road", Mobile: "+44 113 496 0000"}})
				if err == nil {
					mu.Lock()
					placed = append(placed, o.ID)
					mu.Unlock()
				}
			case 4: // cancels (some already cancelled, paid or shipped)
				if id := pick(); id != "" {
					_, err = orders.Cancel(ctx, caller, id)
				}
			case 5: // payments and shipping
				if id := pick(); id != "" {
					if r.IntN(2) == 0 {
						_, err = s.MarkOrderPaid(ctx, id, fmt.Sprintf("pi_%d", i))
					} else {
						_, err = s.ShipOrder(ctx, id)
					}
				}
			case 6: // product edits: renames (some to a taken name), price changes, deletes
				id := ids[r.IntN(len(ids))]
				p, ferr := s.FindProduct(ctx, id)
				if ferr != nil {
					return
				}
				d := shop.ProductDraft{Name: p.Name, Price: p.Price + 1, Image: p.Image, Description: p.Description, Available: p.Available, Minimum: p.Minimum, Email: p.Email}
				switch r.IntN(6) {
				case 0:
					_, err = s.DeleteProduct(ctx, id)
					return
				case 1:
					d.Name = fmt.Sprintf("Machine %02d", r.IntN(20)) // often taken: refused
				case 2:
					d.Name = fmt.Sprintf("Renamed %d", i)
				}
				_, err = s.ReplaceProduct(ctx, p, d)
			case 7: // sign-ups, some with an email that exists
				_, err = s.CreateUser(ctx, shop.User{Email: fmt.Sprintf("new%d@shop.test", i%37), Name: "New", Provider: shop.ProviderPassword})
			case 8: // account renames and profiles
				if r.IntN(2) == 0 {
					_, err = s.SetUserName(ctx, caller.ID, fmt.Sprintf("Buyer %d renamed", i))
				} else {
					_, err = s.SaveProfile(ctx, shop.Profile{Name: caller.Name, Email: caller.Email, Address: fmt.Sprintf("%d Mill Road", i)})
				}
			case 9: // reviews
				_, err = s.InsertReview(ctx, shop.Review{Name: caller.Name, Email: caller.Email, Review: fmt.Sprintf("Review %d", i), Img: "http://shop.test/images/0123456789abcdef01234567", Rating: 4})
			}
			if err != nil && shop.ErrorCode(err) == shop.EINTERNAL {
				t.Errorf("write %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	if err := s.Check(ctx); err != nil {
		t.Fatalf("after the burst: %v", err)
	}
	before := takeSnapshot(t, s, emails)
	if len(before.Orders) == 0 || len(before.Users) < 9 {
		t.Fatalf("the burst wrote too little: %d orders, %d users", len(before.Orders), len(before.Users))
	}
	// Every product's stock is what its remaining orders left.
	for _, p := range before.Products["createdAt"] {
		var sold int64
		for _, o := range before.Orders {
			if o.ProductID == p.ID {
				sold += o.ProductQuantity
			}
		}
		if p.Available+sold != 200 {
			t.Errorf("%s: stock %d + ordered %d != 200", p.Name, p.Available, sold)
		}
	}

	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	s = mongotest.MustOpenAt(t, dir)
	if err := s.Check(ctx); err != nil {
		t.Fatalf("after a restart: %v", err)
	}
	if after := takeSnapshot(t, s, emails); !reflect.DeepEqual(after, before) {
		t.Fatalf("a restart changed what the lists answer")
	}
}

// TestMirror_FailedWriteChangesNothing: writes the store refuses leave the
// in-memory copy as the store is.
func TestMirror_FailedWriteChangesNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	lathe := mustInsert(t, s, draft("Lathe", 5))
	mustInsert(t, s, draft("Press", 5))
	u, err := s.CreateUser(ctx, shop.User{Email: "ann@shop.test", Name: "Ann", Provider: shop.ProviderPassword})
	if err != nil {
		t.Fatal(err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	// Each refused write carries the domain's code (never EINTERNAL, a 500).
	want := map[string]string{
		"ErrDuplicateEmail": shop.ECONFLICT, "ErrRenameToATakenName": shop.ECONFLICT, "ErrOutOfStock": shop.ECONFLICT,
		"ErrStaleEdit": shop.ECONFLICT, "ErrCancelledCtx": shop.EUNAVAILABLE, "ErrUnknownOrder": shop.ENOTFOUND,
	}
	for name, write := range map[string]func() error{
		"ErrDuplicateEmail": func() error {
			_, err := s.CreateUser(ctx, shop.User{Email: "ANN@shop.test", Name: "Other Ann", Provider: shop.ProviderPassword})
			return err
		},
		"ErrRenameToATakenName": func() error { // refused by the store's unique index, after the guard passed
			_, err := s.ReplaceProduct(ctx, lathe, shop.ProductDraft{Name: "Press", Price: 1, Description: "x", Available: 1, Minimum: 1, Email: "ops@example.com"})
			return err
		},
		"ErrOutOfStock": func() error { return s.ReserveStock(ctx, lathe.ID, s.NewOrderID(), 6) },
		"ErrStaleEdit": func() error {
			stale := lathe
			stale.Available++ // read before an order took one
			_, err := s.ReplaceProduct(ctx, stale, shop.ProductDraft{Name: "Lathe", Price: 1, Description: "x", Available: 9, Minimum: 1, Email: "ops@example.com"})
			return err
		},
		"ErrCancelledCtx": func() error { return s.ReserveStock(cancelled, lathe.ID, s.NewOrderID(), 1) },
		"ErrUnknownOrder": func() error { _, err := s.ShipOrder(ctx, "5f1d7f1a2b3c4d5e6f708192"); return err },
	} {
		t.Run(name, func(t *testing.T) {
			err := write()
			if err == nil {
				t.Fatal("the write succeeded")
			}
			if got := shop.ErrorCode(err); got != want[name] {
				t.Fatalf("code %q, want %q: %v", got, want[name], err)
			}
			if got, _ := s.FindProduct(ctx, lathe.ID); !reflect.DeepEqual(got, lathe) {
				t.Fatalf("the product changed:\n got %+v\nwant %+v", got, lathe)
			}
			if got, _ := s.FindUserByEmail(ctx, u.Email); got.Name != "Ann" || got.ID != u.ID {
				t.Fatalf("the account changed: %+v", got)
			}
			if err := s.Check(ctx); err != nil {
				t.Fatal(err)
			}
		})
	}
}
