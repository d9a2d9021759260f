package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestBinary_BackupRestore makes a store with users, orders (paid, shipped,
// unpaid), reviews, a profile, contact messages and uploaded pictures
// through the API; backs it up with cmd/backup; restores it into a fresh
// store; and checks that the API answers the same, field for field, that
// sign-in works, and that pictures are the same bytes. It also checks that
// a running embedded store cannot be backed up, that restore refuses a
// store that holds data (and --drop replaces it), and that a damaged .bson
// file is refused with nothing written.
func TestBinary_BackupRestore(t *testing.T) {
	t.Parallel()
	storefront := buildCommand(t, ".", "storefront")
	backupCmd := buildCommand(t, "../backup", "backup")
	const admin = "owner@backup.test"
	// One JWT_SECRET for both stores: the second factor's secrets are sealed
	// with a key derived from it (a restore elsewhere keeps the secret too).
	env := []string{"SEED_DEMO=true", "ADMIN_EMAILS=" + admin, "PUBLIC_URL=http://shop.example", "JWT_SECRET=backup-test-secret-backup-test-secret-0000"}
	dataA := t.TempDir()
	a := startStorefront(t, storefront, dataA, env...)
	api := a.api

	adminToken := api.register("Owner", admin)
	api.verifyFromLog(a.logs, admin)
	adminSecret := api.enrolMFA(adminToken)
	buyer := api.register("Bea Buyer", "bea@backup.test")
	picture := uploadPicture(t, api, buyer)
	api.mustCall("POST", "/profile", buyer, fmt.Sprintf(`{"image":%q,"address":"1 Mill Road","education":"BSc","linkdin":"https://www.linkedin.com/in/bea"}`, picture), 200, nil)
	api.mustCall("POST", "/reviews", buyer, fmt.Sprintf(`{"review":"Solid machine.","img":%q,"rating":5}`, picture), 201, nil)
	api.mustCall("POST", "/contact", "", `{"subject":"Delivery","email":"carl@backup.test","message":"Do you deliver to Leeds?"}`, 201, nil)
	var products []struct {
		ID      string      `json:"_id"`
		Minimum json.Number `json:"minimumquantity"`
	}
	api.mustCall("GET", "/service?limit=3", "", "", 200, &products)
	var orders []string
	for _, p := range products {
		var placed struct {
			InsertedID string `json:"insertedId"`
		}
		api.mustCall("POST", "/order", buyer, fmt.Sprintf(`{"productId":%q,"productQuantity":%q,"address":"1 Mill Road","mobile":"+44 113 496 0000"}`, p.ID, p.Minimum.String()), 201, &placed)
		orders = append(orders, placed.InsertedID)
	}
	var intent struct {
		ClientSecret string `json:"clientSecret"`
	}
	api.mustCall("POST", "/create-payment-intent", buyer, fmt.Sprintf(`{"orderId":%q}`, orders[0]), 200, &intent)
	var paid struct {
		ID string `json:"id"`
	}
	api.mustCall("POST", "/payments/test/confirm", "", fmt.Sprintf(`{"clientSecret":%q,"number":"4242424242424242","expMonth":12,"expYear":%d,"cvc":"123","name":"Bea","email":"bea@backup.test"}`,
		intent.ClientSecret, time.Now().Year()+2), 200, &paid)
	api.mustCall("PATCH", "/pay/"+orders[0], buyer, fmt.Sprintf(`{"transactionId":%q}`, paid.ID), 200, nil)
	api.mustCall("PUT", "/order/update/"+orders[0], adminToken, "", 200, nil)
	api.mustCall("PUT", "/order/update/"+orders[1], adminToken, "", 200, nil)

	before := readEverything(t, api, adminToken, buyer)
	if len(before.Pictures) < 2 || len(before.Orders) != 3 || len(before.Users) != 2 {
		t.Fatalf("the data set is too small: %d pictures, %d orders, %d users", len(before.Pictures), len(before.Orders), len(before.Users))
	}

	dir := filepath.Join(t.TempDir(), "backups")
	// The embedded store cannot be backed up while the storefront runs on it.
	out, code := runBackup(t, backupCmd, dataA, "backup", dir)
	if code != 1 || !strings.Contains(out, "a running storefront holds the embedded store") {
		t.Fatalf("backup of a running embedded store: exit %d\n%s", code, out)
	}
	a.stop()
	out, code = runBackup(t, backupCmd, dataA, "backup", dir)
	if code != 0 || !strings.Contains(out, "Backed up") || !strings.Contains(out, "images.chunks") {
		t.Fatalf("backup: exit %d\n%s", code, out)
	}
	for _, f := range []string{"service.bson", "service.metadata.json", "orders.bson", "users.bson", "images.files.bson", "images.chunks.bson", "images.chunks.metadata.json"} {
		if _, err := os.Stat(filepath.Join(dir, "storefront", f)); err != nil {
			t.Errorf("the backup has no %s: %v", f, err)
		}
	}
	meta, _ := os.ReadFile(filepath.Join(dir, "storefront", "images.chunks.metadata.json"))
	if !strings.Contains(string(meta), `"name":"files_id_1_n_1"`) || !strings.Contains(string(meta), `"unique":true`) {
		t.Errorf("the chunks' metadata lacks their unique index:\n%s", meta)
	}
	if out, code := runBackup(t, backupCmd, dataA, "backup", dir); code != 1 || !strings.Contains(out, "already exists") {
		t.Fatalf("a second backup into the same directory: exit %d\n%s", code, out)
	}

	// A damaged file is refused before anything is written.
	damaged := filepath.Join(t.TempDir(), "damaged")
	copyDir(t, filepath.Join(dir, "storefront"), filepath.Join(damaged, "storefront"))
	orderFile := filepath.Join(damaged, "storefront", "orders.bson")
	data, _ := os.ReadFile(orderFile)
	if err := os.WriteFile(orderFile, data[:len(data)-7], 0o600); err != nil {
		t.Fatal(err)
	}
	dataB := t.TempDir()
	out, code = runBackup(t, backupCmd, dataB, "restore", damaged)
	if code != 1 || !strings.Contains(out, "orders.bson: document 3") || !strings.Contains(out, "cut short") || !strings.Contains(out, "Nothing was written.") {
		t.Fatalf("restore of a damaged backup: exit %d\n%s", code, out)
	}
	// Nothing was written: the store is still empty, so a restore without --drop goes in.
	out, code = runBackup(t, backupCmd, dataB, "restore", dir)
	if code != 0 || !strings.Contains(out, "Restored") {
		t.Fatalf("restore: exit %d\n%s", code, out)
	}
	out, code = runBackup(t, backupCmd, dataB, "restore", dir)
	if code != 1 || !strings.Contains(out, "the store is not empty") || !strings.Contains(out, "--drop") {
		t.Fatalf("restore into a store with data: exit %d\n%s", code, out)
	}
	out, code = runBackup(t, backupCmd, dataB, "restore", "--drop", dir)
	if code != 0 || !strings.Contains(out, "Read the restored store into memory") {
		t.Fatalf("restore --drop: exit %d\n%s", code, out)
	}

	b := startStorefront(t, storefront, dataB, append(env, "SEED_DEMO=false")...)
	// The restore left a snapshot of the in-memory copy: the first start
	// reads it (issue 46), and what it serves is the backup's, below.
	if !strings.Contains(b.logs.String(), "from=snapshot") {
		t.Errorf("the first start after a restore read the store in full:\n%s", b.logs.String())
	}
	var session struct {
		Token string `json:"token"`
	}
	b.api.mustCall("POST", "/auth/login", "", fmt.Sprintf(`{"email":"bea@backup.test","password":%q}`, testPassword), 200, &session)
	after := readEverything(t, b.api, b.api.signIn(admin, adminSecret), session.Token)
	if !reflect.DeepEqual(before, after) {
		for _, d := range diffViews(before, after) {
			t.Error(d)
		}
	}
	// The order numbers go on from the restored counter.
	var next struct {
		Number int64 `json:"number"`
	}
	b.api.mustCall("POST", "/order", session.Token, fmt.Sprintf(`{"productId":%q,"productQuantity":%q,"address":"1 Mill Road","mobile":"+44 113 496 0000"}`, products[0].ID, products[0].Minimum.String()), 201, &next)
	if next.Number != 1004 {
		t.Errorf("the next order's number after the restore is %d, want 1004", next.Number)
	}
	b.stop()
}

// apiState is everything the API answers about a store.
type apiState struct {
	Products, Reviews, Orders, Users, Messages, MyOrders, Profile []map[string]any
	Pictures                                                      map[string][]byte // by image URL
}

func readEverything(t *testing.T, api *apiClient, admin, customer string) apiState {
	t.Helper()
	var s apiState
	api.pages("/service", "", &s.Products)
	api.pages("/reviews", "", &s.Reviews)
	api.pages("/orders", admin, &s.Orders)
	api.pages("/user", admin, &s.Users)
	api.pages("/contact", admin, &s.Messages)
	api.pages("/order?email=bea@backup.test", customer, &s.MyOrders)
	api.mustCall("GET", "/profile?email=bea@backup.test", customer, "", 200, &s.Profile)
	for _, p := range s.Products {
		var one map[string]any
		api.mustCall("GET", fmt.Sprintf("/service/%s", p["_id"]), "", "", 200, &one)
		if !reflect.DeepEqual(one, p) {
			t.Fatalf("product %s differs from its list entry", p["_id"])
		}
	}
	s.Pictures = map[string][]byte{}
	collect := func(url any) {
		u, _ := url.(string)
		if i := strings.Index(u, "/images/"); i >= 0 {
			status, body, err := api.call("GET", u[i:], "", "")
			if err != nil || status != 200 {
				t.Fatalf("GET %s: %d %v", u[i:], status, err)
			}
			s.Pictures[u] = body
		}
	}
	for _, p := range s.Products {
		collect(p["image"])
	}
	for _, r := range s.Reviews {
		collect(r["img"])
	}
	for _, p := range s.Profile {
		collect(p["image"])
	}
	return s
}

func diffViews(a, b apiState) []string {
	var out []string
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := range va.NumField() {
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			ja, _ := json.Marshal(va.Field(i).Interface())
			jb, _ := json.Marshal(vb.Field(i).Interface())
			out = append(out, fmt.Sprintf("%s differ after the restore:\nbefore %.2000s\nafter  %.2000s", va.Type().Field(i).Name, ja, jb))
		}
	}
	return out
}

func runBackup(t *testing.T, bin, dataDir string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "DATA_DIR="+dataDir, "MONGODB_URI=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		if exit, ok := err.(*exec.ExitError); ok {
			return string(out), exit.ExitCode()
		}
		t.Fatalf("%s: %v", bin, err)
	}
	return string(out), 0
}

func uploadPicture(t testing.TB, api *apiClient, token string) string {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 40, 30))
	for x := range 40 {
		for y := range 30 {
			img.Set(x, y, color.NRGBA{uint8(x * 6), uint8(y * 8), 90, 255})
		}
	}
	var pic, body bytes.Buffer
	if err := png.Encode(&pic, img); err != nil {
		t.Fatal(err)
	}
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("image", "machine.png")
	_, _ = fw.Write(pic.Bytes())
	_ = mw.Close()
	req, _ := http.NewRequest("POST", api.base+"/upload", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	res, data, err := api.do(req)
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Data struct {
			URL string `json:"url"`
		} `json:"data"`
	}
	if res.StatusCode != 201 || json.Unmarshal(data, &out) != nil || out.Data.URL == "" {
		t.Fatalf("upload: %d %s", res.StatusCode, data)
	}
	return out.Data.URL
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	if err := os.CopyFS(to, os.DirFS(from)); err != nil {
		t.Fatal(err)
	}
}
