package app_test

import (
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"strings"

	"github.com/anishathalye/porcupine"
)

// mstate is the sequential model of a history: each product's stock, the
// orders that exist (their product, quantity, paid, shipped), the claims
// decided and each quote's status. It is never changed in place.
type mstate struct {
	bobGone bool // bob's account was deleted
	stock   []int64
	orders  map[string]mord
	claims  map[string]bool   // decided
	quotes  map[string]string // quoted, accepted, declined
	key     string            // canonical form, for Equal and Hash
}

type mord struct {
	product       int
	qty           int64
	paid, shipped bool
	purchase      string // its purchase's id: its own for a single order
	bob           bool   // bob's (the second buyer's)
	cora          bool   // Cora's (issue 45)
	awaiting      bool   // its purchase awaits approval (issue 45: Cora's)
	freight       bool   // its purchase awaits its freight price (issue 48)
}

// lines are the orders of purchase that exist, by id.
func (s mstate) lines(purchase string) []string {
	var out []string
	for id, o := range s.orders {
		if o.purchase == purchase {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

// historyUnpaidLimit is the histories' UNPAID_LIMIT: how many purchases
// a buyer may hold unpaid before a further one is refused.
const historyUnpaidLimit = 4

// annUnpaid is how many of Ann's purchases count against UNPAID_LIMIT:
// unpaid, unshipped, neither awaiting approval nor (issue 48) their
// freight price.
func (s mstate) annUnpaid() int {
	counted := map[string]bool{}
	for _, o := range s.orders {
		if !o.bob && !o.cora && !o.paid && !o.shipped && !o.awaiting && !o.freight {
			counted[o.purchase] = true
		}
	}
	return len(counted)
}

// unpaidLimitRefusal reports whether out is Ann's purchase refused for
// UNPAID_LIMIT.
func unpaidLimitRefusal(in hin, out hout) bool {
	switch in.Kind {
	case opPlace, opCheckout, opAccept, opPlaceFreight:
		return out.Result == resRefused && strings.Contains(out.Detail, "unpaid orders, the most an account may hold")
	}
	return false
}

func (s mstate) clone() mstate {
	return mstate{bobGone: s.bobGone, stock: slices.Clone(s.stock), orders: maps.Clone(s.orders), claims: maps.Clone(s.claims), quotes: maps.Clone(s.quotes)}
}

func (s mstate) withKey() mstate {
	var b strings.Builder
	if s.bobGone {
		b.WriteString("bob gone ")
	}
	fmt.Fprint(&b, s.stock)
	for _, id := range slices.Sorted(maps.Keys(s.orders)) {
		fmt.Fprintf(&b, "|%s%+v", id, s.orders[id])
	}
	for _, id := range slices.Sorted(maps.Keys(s.claims)) {
		fmt.Fprintf(&b, "|c%s%v", id, s.claims[id])
	}
	for _, id := range slices.Sorted(maps.Keys(s.quotes)) {
		fmt.Fprintf(&b, "|q%s%s", id, s.quotes[id])
	}
	s.key = b.String()
	return s
}

// historyModel is the sequential specification every history must be
// linearizable against, as a nondeterministic model: an operation whose
// outcome is unknown (a store error, a timeout, a panic) may or may not
// have happened, and both states follow it.
//
// What each operation may answer:
//   - place: ok only if the stock covers it (the stock drops, the order
//     exists); refused leaves everything as it is, whatever the stock (a
//     concurrent compensation may have taken stock for a moment);
//   - cancel: ok only for an existing unpaid, unshipped order, whose pieces
//     come back once; not found only when it does not exist; a conflict only
//     when it exists (and may have recorded a payment the provider had),
//     except that its purchase is busy (a cancel under way);
//   - pay, ship: ok only for an existing order (ship: not yet shipped); a
//     conflict for an unshipped one only while its purchase is busy (a
//     cancel under way);
//   - approve: ok only for an undecided claim whose product's stock covers
//     the replacement (a paid order of the claimed quantity);
//   - accept: ok only for a quoted quote whose items the stock covers, all
//     of them; decline: ok only for a quoted quote;
//   - edit, import: ok moves the stock by the difference asked;
//   - place with freight on quote (issue 48): as place, its purchase
//     awaiting its freight price: pay (of the order or the purchase) is
//     not ok until it is priced, and it never expires; price: ok only
//     while it exists awaiting its price, unpaid, once; cancel gives its
//     pieces back as any other;
//   - Ann's place, checkout, accept: refused for UNPAID_LIMIT only while
//     she holds at least historyUnpaidLimit purchases that count
//     (annUnpaid: issue 48, not one awaiting its freight price);
//   - read: the stock read is never more than the model's (stock is only
//     ever held back for a moment, never added ahead of its operation);
//   - final: exactly the model's stock and orders.
func historyModel(init mstate) porcupine.Model {
	nm := porcupine.NondeterministicModel{
		Init: func() []any { return []any{init} },
		Step: func(state, input, output any) []any {
			return stepModel(state.(mstate), input.(hin), output.(hout))
		},
		Equal:             func(a, b any) bool { return a.(mstate).key == b.(mstate).key },
		Hash:              func(s any) uint64 { h := fnv.New64a(); h.Write([]byte(s.(mstate).key)); return h.Sum64() },
		DescribeOperation: describeOp,
		DescribeState:     func(s any) string { return s.(mstate).key },
	}
	return nm.ToModel()
}

// busy reports whether a refusal says the purchase is in the middle of
// another change (a cancel under way, its orders still being placed): a
// refusal that changes nothing, whatever the order's state.
func busy(detail string) bool {
	return strings.Contains(detail, "being cancelled") || strings.Contains(detail, "being placed")
}

func stepModel(s mstate, in hin, out hout) []any {
	same := []any{s}
	if unpaidLimitRefusal(in, out) {
		if s.annUnpaid() < historyUnpaidLimit {
			return nil
		}
		return same
	}
	// either is the states after an operation that did change (next, when
	// it could) or answered as if it had not.
	either := func(next mstate, could bool) []any {
		switch out.Result {
		case resOK:
			if could {
				return []any{next.withKey()}
			}
			return nil
		case resUnknown:
			if could {
				return []any{s, next.withKey()}
			}
			return same
		}
		return same
	}
	switch in.Kind {
	case opPlace:
		if len(in.IDs) == 0 {
			if out.Result == resOK {
				return nil
			}
			return same
		}
		next := s.clone()
		could := s.stock[in.Product] >= in.Qty
		next.stock[in.Product] -= in.Qty
		next.orders[in.IDs[0]] = mord{product: in.Product, qty: in.Qty, purchase: in.IDs[0]}
		return either(next, could)
	case opCheckout:
		if len(in.IDs) != len(in.Items) || in.Group == "" {
			if out.Result == resOK {
				return nil
			}
			return same
		}
		next := s.clone()
		could := true
		for i, it := range in.Items {
			next.stock[it[0]] -= int64(it[1])
			next.orders[in.IDs[i]] = mord{product: it[0], qty: int64(it[1]), purchase: in.Group}
		}
		for _, v := range next.stock {
			could = could && v >= 0
		}
		return either(next, could)
	case opGroupPay, opGroupCancel, opGroupShip, opExpire, opGroupApprove, opGroupDeclineA, opCoraCancel, opPriceFreight:
		return stepPurchase(s, in, out)
	case opPlaceFreight:
		// as place, its purchase awaiting its freight price
		if len(in.IDs) == 0 {
			if out.Result == resOK {
				return nil
			}
			return same
		}
		next := s.clone()
		next.stock[in.Product] -= in.Qty
		next.orders[in.IDs[0]] = mord{product: in.Product, qty: in.Qty, purchase: in.IDs[0], freight: true}
		return either(next, s.stock[in.Product] >= in.Qty)
	case opPlaceOver:
		// as place, its purchase awaiting approval
		if len(in.IDs) == 0 {
			if out.Result == resOK {
				return nil
			}
			return same
		}
		next := s.clone()
		next.stock[in.Product] -= in.Qty
		next.orders[in.IDs[0]] = mord{product: in.Product, qty: in.Qty, purchase: in.IDs[0], cora: true, awaiting: true}
		return either(next, s.stock[in.Product] >= in.Qty)
	case opPlaceBob:
		// ok only while bob's account stands (after its deletion began a
		// purchase is cancelled again and refused); refused changes nothing
		if len(in.IDs) == 0 || out.Result == resOK && s.bobGone {
			if out.Result == resOK {
				return nil
			}
			return same
		}
		next := s.clone()
		next.stock[in.Product] -= in.Qty
		next.orders[in.IDs[0]] = mord{product: in.Product, qty: in.Qty, purchase: in.IDs[0], bob: true}
		// (one whose outcome is unknown may land after the deletion ended:
		// a write of a request that began before it, which nothing undoes)
		return either(next, s.stock[in.Product] >= in.Qty && (!s.bobGone || out.Result == resUnknown))
	case opDeleteBob:
		// Bob's account goes, and with it every unpaid, unshipped
		// purchase of his (its stock back); a second deletion finds no one.
		next := s.clone()
		next.bobGone = true
		for id, o := range s.orders {
			if o.bob && !o.paid && !o.shipped {
				next.stock[o.product] += o.qty
				delete(next.orders, id)
			}
		}
		if out.Result == resRefused && out.Code == "not_found" {
			if s.bobGone {
				return same
			}
			return nil
		}
		return either(next, !s.bobGone)
	case opCancel, opPay, opShip:
		// The spec's single-order calls on a line of a larger purchase:
		// refused (409 naming it) before anything is written.
		if o, exists := s.orders[in.Order]; exists && len(s.lines(o.purchase)) > 1 {
			if out.Result == resOK || out.Result == resRefused && out.Code != "conflict" {
				return nil
			}
			return same
		}
	}
	switch in.Kind {
	case opCancel:
		o, exists := s.orders[in.Order]
		if out.Result == resRefused {
			switch out.Code {
			case "not_found":
				if exists {
					return nil
				}
				return same
			case "conflict":
				if busy(out.Detail) {
					// its purchase's cancel under way (its lines may be gone
					// already: the group goes last): nothing changes
					return same
				}
				if !exists {
					return nil
				}
				if !o.paid { // the cancel may have recorded the provider's payment
					next := s.clone()
					o.paid = true
					next.orders[in.Order] = o
					return []any{s, next.withKey()}
				}
			}
			return same
		}
		next := s.clone()
		delete(next.orders, in.Order)
		next.stock[o.product] += o.qty
		return either(next, exists && !o.paid && !o.shipped)
	case opPay:
		o, exists := s.orders[in.Order]
		if out.Result == resRefused && out.Code == "not_found" && exists {
			return nil
		}
		next := s.clone()
		could := exists && !o.freight // (issue 48: not before its freight is priced)
		o.paid = true
		next.orders[in.Order] = o
		return either(next, could)
	case opShip:
		o, exists := s.orders[in.Order]
		if out.Result == resRefused {
			switch {
			case out.Code == "not_found" && exists:
				return nil
			case out.Code == "conflict" && busy(out.Detail):
				return same // its purchase is being cancelled or placed right now
			case out.Code == "conflict" && (!exists || !o.shipped):
				return nil
			}
			return same
		}
		could := exists && !o.shipped
		next := s.clone()
		o.shipped = true
		next.orders[in.Order] = o
		return either(next, could)
	case opApprove:
		if len(in.IDs) == 0 {
			if out.Result == resOK {
				return nil
			}
			return same
		}
		next := s.clone()
		could := !s.claims[in.Claim] && s.stock[in.Product] >= in.Qty
		next.claims[in.Claim] = true
		next.stock[in.Product] -= in.Qty
		next.orders[in.IDs[0]] = mord{product: in.Product, qty: in.Qty, paid: true, purchase: in.IDs[0]}
		return either(next, could)
	case opAccept:
		if len(in.IDs) != len(in.Items) {
			if out.Result == resOK {
				return nil
			}
			return same
		}
		next := s.clone()
		could := s.quotes[in.Quote] == "quoted"
		for i, it := range in.Items {
			next.stock[it[0]] -= int64(it[1])
			next.orders[in.IDs[i]] = mord{product: it[0], qty: int64(it[1]), purchase: in.Quote}
		}
		for _, v := range next.stock {
			could = could && v >= 0
		}
		next.quotes[in.Quote] = "accepted"
		return either(next, could)
	case opDecline:
		next := s.clone()
		next.quotes[in.Quote] = "declined"
		return either(next, s.quotes[in.Quote] == "quoted")
	case opEdit, opImport:
		if in.Kind == opImport && !in.Moved {
			return same // nothing about the stock was written
		}
		next := s.clone()
		next.stock[in.Product] += in.Delta
		return either(next, true)
	case opRead:
		if out.Stock < 0 || out.Stock > s.stock[in.Product] {
			return nil
		}
		return same
	case opFinal:
		if !slices.Equal(out.Final.stock, s.stock) || !maps.Equal(out.Final.orders, s.orders) {
			return nil
		}
		return same
	}
	panic("unknown operation " + in.Kind)
}

// stepPurchase is a call on a purchase (its id in in.Group), which changes
// all its orders at once:
//   - pay: ok only while it exists; every line paid;
//   - ship: ok only while it exists and has not shipped; every line shipped;
//   - cancel, expire: ok only while it exists unpaid and unshipped; every
//     line gone, its pieces back; a conflict only while it exists (a
//     cancel may have recorded the provider's payment);
//   - approve (issue 45): ok only while it exists awaiting approval; it
//     no longer awaits;
//   - price its freight (issue 48): ok only while it exists awaiting its
//     freight price, unpaid; it no longer awaits (pay and expire are not
//     ok while it does);
//   - decline: ok only while it exists awaiting approval (unpaid,
//     unshipped); every line gone, its pieces back;
//   - not found only when it is gone; any other refusal changes nothing.
func stepPurchase(s mstate, in hin, out hout) []any {
	same := []any{s}
	ls := s.lines(in.Group)
	exists := len(ls) > 0
	paid, shipped, awaiting, freight := false, false, false, false
	for _, id := range ls {
		paid, shipped, awaiting = paid || s.orders[id].paid, shipped || s.orders[id].shipped, awaiting || s.orders[id].awaiting
		freight = freight || s.orders[id].freight
	}
	set := func(f func(*mord)) mstate {
		next := s.clone()
		for _, id := range ls {
			o := next.orders[id]
			f(&o)
			next.orders[id] = o
		}
		return next.withKey()
	}
	if out.Result == resRefused {
		switch {
		case out.Code == "conflict" && busy(out.Detail):
			// A cancel under way (its lines may be gone already: the group
			// goes last), or its lines still being placed: nothing changes.
			return same
		case out.Code == "not_found" && exists, out.Code != "not_found" && !exists:
			return nil
		case out.Code == "conflict" && in.Kind == opGroupCancel && !paid:
			return []any{s, set(func(o *mord) { o.paid = true })}
		}
		return same
	}
	var next mstate
	could := exists
	switch in.Kind {
	case opGroupPay:
		could = could && !freight // (issue 48: not before its freight is priced)
		next = set(func(o *mord) { o.paid = true })
	case opPriceFreight:
		could = could && freight && !paid
		next = set(func(o *mord) { o.freight = false })
	case opGroupShip:
		could = could && !shipped
		next = set(func(o *mord) { o.shipped = true })
	case opGroupApprove:
		could = could && awaiting
		next = set(func(o *mord) { o.awaiting = false })
	default: // cancel, expire, decline
		if in.Kind == opGroupDeclineA {
			could = could && awaiting
		}
		if in.Kind == opExpire { // (the sweep's: never one awaiting its freight price, issue 48)
			could = could && !freight
		}
		could = could && !paid && !shipped
		next = s.clone()
		for _, id := range ls {
			next.stock[s.orders[id].product] += s.orders[id].qty
			delete(next.orders, id)
		}
		next = next.withKey()
	}
	switch out.Result {
	case resOK:
		if could {
			return []any{next}
		}
		return nil
	case resUnknown:
		if could {
			return []any{s, next}
		}
	}
	return same
}
