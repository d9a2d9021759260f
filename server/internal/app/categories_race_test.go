package app_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"storefront/server/internal/app"
	"storefront/server/internal/shop"
)

// TestCategories_SavesRacingRenamesAndDeletes: a product saved while its
// category is renamed or deleted never ends under a category that does not
// exist. A rename keeps its former name until the recovery sweep, so a
// save that checked the old name follows the rename; a delete that a save
// overtook is undone (and answers 409) or the save brings the category
// back. Each round runs the save and the change at the same time.
func TestCategories_SavesRacingRenamesAndDeletes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	c := &app.Catalogue{Products: s, Categories: s, Log: discard}
	boss := admin()
	add := func(name, category string) error {
		_, err := c.AddProduct(ctx, boss, shop.RawProduct{Name: name, Price: "100", Image: "https://img.test/x.png", Description: "Raced.",
			Available: "5", Minimum: "1", Category: &category})
		return err
	}

	for round := range 12 {
		name := fmt.Sprintf("Cat %02d", round)
		cat, err := c.AddCategory(ctx, boss, name)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var saveErr, changeErr error
		wg.Add(2)
		go func() { defer wg.Done(); saveErr = add(fmt.Sprintf("Raced %02d", round), name) }()
		go func() {
			defer wg.Done()
			if round%2 == 0 {
				_, changeErr = c.RenameCategory(ctx, boss, cat.ID, name+" renamed", "")
			} else {
				_, changeErr = c.DeleteCategory(ctx, boss, cat.ID)
			}
		}()
		wg.Wait()
		// The save may be refused (its check came after the change), and the
		// delete may be refused (it saw the product): each says so.
		if saveErr != nil && shop.ErrorCode(saveErr) != shop.EINVALID {
			t.Fatalf("round %d: save: %v", round, saveErr)
		}
		if changeErr != nil && shop.ErrorCode(changeErr) != shop.ECONFLICT {
			t.Fatalf("round %d: change: %v", round, changeErr)
		}
	}
	checkCategoriesExist(t, s)

	// A save under a former name after the rename, with no settling (a
	// crash between the save and its settling): the recovery sweep moves it.
	cat, err := c.AddCategory(ctx, boss, "Lathes")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.RenameCategory(ctx, boss, cat.ID, "Turning", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := s.InsertProduct(ctx, shop.ProductDraft{Name: "Late lathe", Price: 10000, Description: "Saved late.", Available: 1, Minimum: 1,
		Email: "boss@shop.test", Category: "Lathes", Image: "https://img.test/x.png"}); err != nil {
		t.Fatal(err)
	}
	if r, f, err := s.RecoverRenames(ctx, clock.Now().Add(-time.Minute)); err != nil || r+f != 0 {
		t.Fatalf("a fresh rename was swept: %d %d %v", r, f, err)
	}
	if r, f, err := s.RecoverRenames(ctx, clock.Now().Add(time.Second)); err != nil || r < 1 || f < 1 {
		t.Fatalf("the sweep: %d renames, %d former names, %v", r, f, err)
	}
	if got, err := s.FindCategoryByName(ctx, "Turning"); err != nil || got.Count != 1 {
		t.Fatalf("Turning after the sweep: %+v %v", got, err)
	}
	checkCategoriesExist(t, s)
	if r, f, err := s.RecoverRenames(ctx, clock.Now().Add(time.Second)); err != nil || r+f != 0 {
		t.Fatalf("a second sweep: %d %d %v", r, f, err)
	}
}

// checkCategoriesExist fails when a product's category is not a category.
func checkCategoriesExist(t *testing.T, s interface {
	ListProducts(context.Context, shop.ProductQuery) ([]shop.Product, int64, error)
	FindCategoryByName(context.Context, string) (shop.Category, error)
}) {
	t.Helper()
	ctx := context.Background()
	products, _, err := s.ListProducts(ctx, shop.ProductQuery{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range products {
		if p.Category == "" {
			continue
		}
		if _, err := s.FindCategoryByName(ctx, p.Category); err != nil {
			t.Errorf("product %q is under category %q: %v", p.Name, p.Category, err)
		}
	}
}
