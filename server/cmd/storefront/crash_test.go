package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"storefront/server/internal/httpapi/openapitest"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
	"storefront/server/internal/testwait"
)

// TestBinary_KillMidBurst kills the real binary with SIGKILL in the middle
// of a burst of concurrent writes (orders, cancels, sign-ups, renames,
// product edits). After a restart every acknowledged write is there, and
// after more writes what the API answers from its in-process indexes is
// exactly what the store holds.
// The binary runs on the embedded store (MONGODB_URI is cleared for it),
// whatever the test run's own MONGODB_URI.
func TestBinary_KillMidBurst(t *testing.T) {
	t.Parallel()
	bin := buildCommand(t, ".", "storefront")
	dataDir := t.TempDir()
	const admin = "owner@crash.test"
	start := func() (*exec.Cmd, *syncBuffer, *apiClient) {
		port := freePort(t)
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), "DATA_DIR="+dataDir, fmt.Sprintf("PORT=%d", port), "MONGODB_URI=", "SEED_DEMO=false", "ADMIN_EMAILS="+admin,
			"SIGNUP_BURST=100000",                                        // the burst signs up from one address
			"UNPAID_LIMIT=0", "ORDER_BURST=100000", "ORDER_INTERVAL=1ms") // and orders from a few accounts
		logs := &syncBuffer{}
		cmd.Stdout, cmd.Stderr = logs, logs
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		api := &apiClient{tb: t, base: fmt.Sprintf("http://127.0.0.1:%d", port), http: &http.Client{Timeout: 10 * time.Second}, contract: mustContract(t)}
		if !testwait.Until(60*time.Second, api.healthy) {
			_ = cmd.Process.Kill()
			t.Fatalf("not healthy in time:\n%s", logs.String())
		}
		return cmd, logs, api
	}

	cmd, firstLogs, api := start()
	adminToken := api.register("Owner", admin)
	api.verifyFromLog(firstLogs, admin)
	api.enrolMFA(adminToken)
	var customers []customer
	for i := range 6 {
		email := fmt.Sprintf("buyer%d@crash.test", i)
		customers = append(customers, customer{email, api.register(fmt.Sprintf("Buyer %d", i), email)})
	}
	var products []string
	for i := range 10 {
		var res struct {
			InsertedID string `json:"insertedId"`
		}
		api.mustCall("POST", "/added", adminToken, fmt.Sprintf(`{"name":"Machine %d","price":"%d.50","avaialbequantit":"%d","minimumquantity":"1","description":"Cast frame.","image":"http://127.0.0.1/images/0123456789abcdef01234567"}`, i, 100+i, initialStock), 201, &res)
		products = append(products, res.InsertedID)
	}

	// A clean stop leaves a snapshot of the in-memory copy (issue 46),
	// which the next start reads; the burst's writes make it stale, so the
	// start after the kill must not use it.
	_ = cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("stop: %v\n%s", err, firstLogs.String())
	}
	cmd, firstLogs, api = start()
	if !strings.Contains(firstLogs.String(), `from=snapshot`) {
		t.Fatalf("the start after a clean stop did not read the snapshot:\n%s", firstLogs.String())
	}

	// The burst: 8 clients; SIGKILL once 150 writes were acknowledged.
	var mu sync.Mutex
	placed := map[string]bool{} // order id → still there (false: cancelled)
	unsure := map[string]bool{} // a cancel was cut off by the kill
	var signedUp []string
	var acked atomic.Int64
	var wg sync.WaitGroup
	killed := make(chan struct{})
	var once sync.Once
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-killed:
					return
				default:
				}
				cu := customers[(w+i)%len(customers)]
				var status int
				var body []byte
				var err error
				switch i % 6 {
				case 0, 1, 2:
					status, body, err = api.call("POST", "/order", cu.token, fmt.Sprintf(`{"productId":%q,"productQuantity":"2","address":"1 Mill Road","mobile":"+44 113 496 0000"}`, products[(w*7+i)%len(products)]))
					if err == nil && status == 201 {
						var res struct {
							InsertedID string `json:"insertedId"`
						}
						_ = json.Unmarshal(body, &res)
						mu.Lock()
						placed[res.InsertedID] = true
						mu.Unlock()
					}
				case 3:
					mu.Lock()
					var id string
					for o, live := range placed {
						if live {
							id = o
							break
						}
					}
					mu.Unlock()
					if id != "" {
						status, _, err = api.call("DELETE", "/delete/"+id, adminToken, "")
						mu.Lock()
						switch {
						case err == nil && status == 200:
							placed[id] = false
						case err != nil:
							// The kill cut the answer off: the delete may
							// or may not have happened. Either is right.
							unsure[id] = true
						}
						mu.Unlock()
					}
				case 4:
					email := fmt.Sprintf("new-%d-%d@crash.test", w, i)
					status, _, err = api.call("POST", "/auth/register", "", fmt.Sprintf(`{"name":"New","email":%q,"password":%q}`, email, testPassword))
					if err == nil && status == 201 {
						mu.Lock()
						signedUp = append(signedUp, email)
						mu.Unlock()
					}
				case 5:
					status, _, err = api.call("PUT", "/user/"+url.PathEscape(cu.email), cu.token, fmt.Sprintf(`{"name":"Buyer renamed %d"}`, i))
				}
				if err != nil {
					return // the server is gone
				}
				if status/100 == 2 && acked.Add(1) == 150 {
					once.Do(func() {
						_ = cmd.Process.Signal(syscall.SIGKILL)
						close(killed)
					})
				}
			}
		}()
	}
	wg.Wait()
	_ = cmd.Wait()
	if acked.Load() < 150 {
		t.Fatalf("only %d writes were acknowledged before the burst ended", acked.Load())
	}

	cmd, logs, api := start()
	if !strings.Contains(logs.String(), "written since") || strings.Contains(logs.String(), `from=snapshot`) {
		t.Errorf("the start after the kill read the snapshot written before the burst:\n%s", logs.String())
	}
	// Every acknowledged write survived the crash.
	var orders []shop.Order
	api.pages("/orders", adminToken, &orders)
	have := map[string]bool{}
	numbers := map[int64]string{}
	for _, o := range orders {
		have[o.ID] = true
		if other, dup := numbers[o.Number]; dup || o.Number < 1001 {
			t.Errorf("order %s has number %d (also order %q)", o.ID, o.Number, other)
		}
		numbers[o.Number] = o.ID
	}
	for id, live := range placed {
		if have[id] != live && !unsure[id] {
			t.Errorf("order %s: in the store %v, acknowledged as placed and (cancelled = %v)", id, have[id], !live)
		}
	}
	// No stock was lost between an order's steps: each product's stock is
	// its initial stock less what the stored orders hold.
	sold := map[string]int64{}
	for _, o := range orders {
		sold[o.ProductID] += o.ProductQuantity
	}
	var stock []shop.Product
	api.pages("/service", "", &stock)
	for _, p := range stock {
		if p.Available != initialStock-sold[p.ID] {
			t.Errorf("%s: stock %d after the crash, want %d less the %d its stored orders hold (%d)", p.Name, p.Available, initialStock, sold[p.ID], initialStock-sold[p.ID])
		}
	}
	var users []shop.User
	api.pages("/user", adminToken, &users)
	emails := map[string]bool{}
	for _, u := range users {
		emails[u.Email] = true
	}
	for _, e := range signedUp {
		if !emails[e] {
			t.Errorf("acknowledged sign-up %s is missing", e)
		}
	}
	// More writes on the rebuilt indexes, then what the API answers. The
	// numbers the crash left unused are skipped, never handed out twice.
	for i := range 5 {
		var res struct {
			Number int64 `json:"number"`
		}
		api.mustCall("POST", "/order", customers[i].token, fmt.Sprintf(`{"productId":%q,"productQuantity":"1","address":"2 Mill Road","mobile":"+44 113 496 0001"}`, products[i]), 201, &res)
		if other, dup := numbers[res.Number]; dup || res.Number < 1001 {
			t.Errorf("a new order after the crash has number %d (also order %q)", res.Number, other)
		}
		numbers[res.Number] = "new"
	}
	view := func(get func(path, token string, out any)) apiView {
		var v apiView
		v.ByEmail = map[string][]string{}
		var o []shop.Order
		get("/orders", adminToken, &o)
		v.Orders = orderIDs(o)
		for _, cu := range customers {
			var mine []shop.Order
			get("/order?email="+url.QueryEscape(cu.email), cu.token, &mine)
			v.ByEmail[cu.email] = orderIDs(mine)
		}
		var us []shop.User
		get("/user", adminToken, &us)
		for _, u := range us {
			v.Users = append(v.Users, u.Email+" "+u.Name+" "+u.Role)
		}
		for _, sort := range []string{"createdAt", "-price", "name"} {
			var ps []shop.Product
			get("/service?sort="+sort, "", &ps)
			for _, p := range ps {
				v.Products = append(v.Products, fmt.Sprintf("%s %s %d", p.ID, p.Name, p.Available))
			}
		}
		return v
	}
	served := view(api.pages)
	_ = cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("stop: %v\n%s", err, logs.String())
	}

	// The store itself, read afresh.
	s := mongotest.MustOpenEmbeddedAt(t, dataDir)
	ctx := context.Background()
	stored := view(func(path, _ string, out any) {
		u, _ := url.Parse(path)
		var v any
		var err error
		switch u.Path {
		case "/orders":
			v, _, err = s.ListOrders(ctx, "", 100_000, 0)
		case "/order":
			v, _, err = s.ListOrders(ctx, u.Query().Get("email"), 100_000, 0)
		case "/user":
			v, _, err = s.ListUsers(ctx, 100_000, 0)
		case "/service":
			v, _, err = s.ListProducts(ctx, shop.ProductQuery{Limit: 100, Sort: u.Query().Get("sort")})
		}
		if err != nil {
			t.Fatal(err)
		}
		reflect.ValueOf(out).Elem().Set(reflect.ValueOf(v))
	})
	if !reflect.DeepEqual(served, stored) {
		t.Fatalf("the API answered differently from the store:\n served %+v\n stored %+v", served, stored)
	}
}

type apiView struct {
	Orders   []string
	ByEmail  map[string][]string
	Users    []string
	Products []string
}

func orderIDs(os []shop.Order) []string {
	out := make([]string, len(os))
	for i, o := range os {
		out[i] = o.ID
	}
	return out
}

type customer struct{ email, token string }

// initialStock is each crash-test product's stock.
const initialStock = 1000

// testPassword is every test account's password.
const testPassword = "storefront-test-pw"

type apiClient struct {
	tb   testing.TB
	base string
	http *http.Client
	// contract checks every whole answer against the API's OpenAPI
	// document; nil in benchmarks, whose timings it would skew.
	contract *openapitest.Document
}

func (a *apiClient) call(method, path, token, body string) (int, []byte, error) {
	req, err := http.NewRequest(method, a.base+path, strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, data, err := a.do(req)
	if err != nil {
		return 0, nil, err
	}
	return res.StatusCode, data, nil
}

// do sends req and reads the whole answer; every request of these tests
// goes through it, so that each answer is checked against the contract.
// A refused connection or an answer cut short (the crash tests kill the
// server) is an error, and nothing to check.
func (a *apiClient) do(req *http.Request) (*http.Response, []byte, error) {
	var reqBody []byte
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, nil, err
		}
		reqBody = b
		req.Body = io.NopCloser(bytes.NewReader(b))
	}
	res, err := a.http.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, nil, err
	}
	if a.contract != nil {
		if err := a.contract.Check(req, reqBody, res, data); err != nil {
			a.tb.Errorf("%s %s answered %d, against the OpenAPI document: %v\nbody: %.2000s", req.Method, req.URL.RequestURI(), res.StatusCode, err, data)
		}
	}
	return res, data, nil
}

// mustContract is the API's OpenAPI document, to check answers against.
func mustContract(tb testing.TB) *openapitest.Document {
	tb.Helper()
	doc, err := openapitest.Shared()
	if err != nil {
		tb.Fatal(err)
	}
	return doc
}

func (a *apiClient) mustCall(method, path, token, body string, status int, out any) {
	a.tb.Helper()
	got, data, err := a.call(method, path, token, body)
	if err != nil || got != status {
		a.tb.Fatalf("%s %s: %d %v %s", method, path, got, err, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			a.tb.Fatal(err)
		}
	}
}

func (a *apiClient) register(name, email string) string {
	var s struct {
		Token string `json:"token"`
	}
	a.mustCall("POST", "/auth/register", "", fmt.Sprintf(`{"name":%q,"email":%q,"password":%q}`, name, email, testPassword), 201, &s)
	return s.Token
}

// pages reads every page of a paginated list into out (a pointer to a slice).
func (a *apiClient) pages(path, token string, out any) {
	a.tb.Helper()
	all := reflect.ValueOf(out).Elem()
	all.Set(reflect.MakeSlice(all.Type(), 0, 0))
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	for skip := 0; ; skip += 100 {
		page := reflect.New(all.Type())
		a.mustCall("GET", fmt.Sprintf("%s%slimit=100&skip=%d", path, sep, skip), token, "", 200, page.Interface())
		all.Set(reflect.AppendSlice(all, page.Elem()))
		if page.Elem().Len() < 100 {
			return
		}
	}
}
