package httpapi_test

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"storefront/server/internal/shop"
)

// scaleDrafts are bench:scale's catalogue (cmd/storefront's
// writeScaleCatalogue) as drafts: n products with a SKU, a category and 30
// specifications each, for the benchmarks of the store's and the API's
// share of its rows.
func scaleDrafts(n int) []shop.ProductDraft {
	kinds := []string{"Lathe", "Pump", "Press", "Drill", "Band Saw", "Compressor", "Grinder", "Welder", "Hoist", "Mixer"}
	sizes := []string{"Compact", "Heavy", "Pro", "XL", "Mk II"}
	specNames := []string{"Power", "Weight", "Length", "Width", "Height", "Speed", "Pressure", "Flow", "Voltage", "Capacity"}
	units := []string{"kW", "kg", "mm", "mm", "mm", "rpm", "bar", "l/min", "V", "kg"}
	finishes := []string{"Powder coated", "Galvanised", "Stainless", "Anodised", "Enamelled", "Zinc plated"}
	r := rand.New(rand.NewPCG(3, 4))
	out := make([]shop.ProductDraft, n)
	for i := range out {
		kind := kinds[(i/len(sizes))%len(kinds)]
		name := fmt.Sprintf("%s %s %05d", sizes[i%len(sizes)], kind, i)
		d := shop.ProductDraft{Name: name, Price: shop.Cents(5000 + r.IntN(2_000_000)), Available: 1_000_000, Minimum: int64(1 + r.IntN(5)),
			Description: fmt.Sprintf("%s for workshops and plants: cast frame, %d kW drive, %s and %s, two-year warranty. Faulty units are replaced within 2 months.",
				name, 1+r.IntN(40), scaleDescWords[r.IntN(len(scaleDescWords))], scaleDescWords[r.IntN(len(scaleDescWords))]),
			SKU: fmt.Sprintf("SC-%05d", i), Category: kind + "s", Email: "ops@shop.test", Image: "http://shop.test/images/0123456789abcdef01234567"}
		for j := range 30 {
			d.Specs = append(d.Specs, shop.Spec{Name: specNames[j%len(specNames)] + " " + strconv.Itoa(j), Value: strconv.Itoa(1 + r.IntN(5000)), Unit: units[j%len(units)]})
		}
		d.Specs[29] = shop.Spec{Name: "Finish", Value: finishes[r.IntN(len(finishes))]}
		out[i] = d
	}
	return out
}

// scaleDescWords are the words of scaleDrafts' descriptions, each in about
// a tenth of them.
var scaleDescWords = []string{"bearings", "gearbox", "hydraulics", "pneumatics", "coolant", "spindle", "chuck", "clutch", "impeller", "inverter",
	"carbide", "castings", "tooling", "vibration", "lubrication", "filtration", "conveyor", "controller", "sensors", "guarding"}
