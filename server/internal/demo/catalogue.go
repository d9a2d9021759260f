// Package demo fills an empty store with the demo machinery catalogue and
// customer reviews, with pictures drawn here (nothing is fetched).
package demo

import (
	"image/color"

	"storefront/server/internal/shop"
)

type product struct {
	Name        string
	Price       string // dollars, parsed exactly
	Available   int64
	Minimum     int64
	Figure      string
	Palette     int
	Description string
}

// categories are the demo catalogue's categories.
var categories = []string{"Earthmoving", "Power Generation", "Compressors", "Bearings", "Gears & Transmission",
	"Fasteners", "Welding", "Pumps", "Lifting & Handling", "Compaction"}

// catalogueFields are each demo product's SKU, category and
// specifications, by name.
var catalogueFields = map[string]struct {
	sku, category string
	specs         []shop.Spec
}{
	"Hydraulic Excavator 20T":              {"EXC-20T-T4", "Earthmoving", []shop.Spec{{Name: "Operating weight", Value: "20,300", Unit: "kg"}, {Name: "Engine power", Value: "110", Unit: "kW"}, {Name: "Bucket capacity", Value: "1.0", Unit: "m³"}, {Name: "Max digging depth", Value: "6.6", Unit: "m"}, {Name: "Emission standard", Value: "Tier 4 Final"}}},
	"Diesel Generator 60 kVA":              {"GEN-60KVA-S", "Power Generation", []shop.Spec{{Name: "Standby power", Value: "60", Unit: "kVA"}, {Name: "Prime power", Value: "48", Unit: "kW"}, {Name: "Voltage", Value: "400", Unit: "V"}, {Name: "Phases", Value: "3"}, {Name: "Fuel tank", Value: "12-hour"}, {Name: "Weight", Value: "1,150", Unit: "kg"}}},
	"Rotary Screw Air Compressor 15 kW":    {"CMP-RS15", "Compressors", []shop.Spec{{Name: "Motor power", Value: "15", Unit: "kW"}, {Name: "Free air delivery", Value: "2.4", Unit: "m³/min"}, {Name: "Working pressure", Value: "8", Unit: "bar"}, {Name: "Receiver", Value: "500", Unit: "L"}, {Name: "Noise level", Value: "68", Unit: "dB(A)"}}},
	"Tapered Roller Bearing 32210":         {"BRG-32210-C3", "Bearings", []shop.Spec{{Name: "Bore", Value: "50", Unit: "mm"}, {Name: "Outside diameter", Value: "90", Unit: "mm"}, {Name: "Width", Value: "24.75", Unit: "mm"}, {Name: "Material", Value: "Chrome steel"}, {Name: "Clearance", Value: "C3"}}},
	"Spur Gear Module 3, 40 Teeth":         {"GR-M3-Z40", "Gears & Transmission", []shop.Spec{{Name: "Module", Value: "3"}, {Name: "Teeth", Value: "40"}, {Name: "Pressure angle", Value: "20", Unit: "°"}, {Name: "Bore", Value: "30", Unit: "mm"}, {Name: "Material", Value: "C45 steel, hardened"}}},
	"High-Tensile Hex Nut M24 (Box of 50)": {"NUT-M24-G10-50", "Fasteners", []shop.Spec{{Name: "Thread", Value: "M24 × 3.0"}, {Name: "Grade", Value: "10"}, {Name: "Standard", Value: "DIN 934"}, {Name: "Finish", Value: "Zinc plated"}, {Name: "Pieces per box", Value: "50"}}},
	"MIG Welding Machine 250 A":            {"WLD-MIG250", "Welding", []shop.Spec{{Name: "Output current", Value: "250", Unit: "A"}, {Name: "Duty cycle", Value: "60", Unit: "%"}, {Name: "Input voltage", Value: "230/400", Unit: "V"}, {Name: "Wire feed", Value: "4-roll"}, {Name: "Torch length", Value: "3", Unit: "m"}}},
	"Centrifugal Water Pump 7.5 kW":        {"PMP-CF75", "Pumps", []shop.Spec{{Name: "Motor power", Value: "7.5", Unit: "kW"}, {Name: "Max flow", Value: "90", Unit: "m³/h"}, {Name: "Max head", Value: "32", Unit: "m"}, {Name: "Casing", Value: "Cast iron"}, {Name: "Impeller", Value: "Stainless steel"}}},
	"Electric Chain Hoist 2 Ton":           {"HST-EC2T", "Lifting & Handling", []shop.Spec{{Name: "Capacity", Value: "2,000", Unit: "kg"}, {Name: "Lift height", Value: "6", Unit: "m"}, {Name: "Speeds", Value: "Dual"}, {Name: "Protection", Value: "IP55"}}},
	"Deep Groove Ball Bearing 6205-2RS":    {"BRG-6205-2RS", "Bearings", []shop.Spec{{Name: "Bore", Value: "25", Unit: "mm"}, {Name: "Outside diameter", Value: "52", Unit: "mm"}, {Name: "Width", Value: "15", Unit: "mm"}, {Name: "Seals", Value: "2RS rubber"}, {Name: "Lubrication", Value: "Greased for life"}}},
	"Industrial Pallet Jack 2.5T":          {"PJ-2500", "Lifting & Handling", []shop.Spec{{Name: "Capacity", Value: "2,500", Unit: "kg"}, {Name: "Fork length", Value: "1150", Unit: "mm"}, {Name: "Fork width", Value: "540", Unit: "mm"}, {Name: "Wheels", Value: "Polyurethane"}}},
	"Hydraulic Gear Pump 25 cc":            {"HGP-25CC", "Pumps", []shop.Spec{{Name: "Displacement", Value: "25", Unit: "cm³/rev"}, {Name: "Continuous pressure", Value: "250", Unit: "bar"}, {Name: "Flange", Value: "SAE B"}, {Name: "Shaft", Value: "Splined"}}},
	"Flange Nut M16 Serrated (Box of 100)": {"NUT-M16-FL-100", "Fasteners", []shop.Spec{{Name: "Thread", Value: "M16 × 1.5"}, {Name: "Grade", Value: "8"}, {Name: "Locking", Value: "Serrated flange"}, {Name: "Pieces per box", Value: "100"}}},
	"Plate Compactor 90 kg":                {"CPT-PC90", "Compaction", []shop.Spec{{Name: "Weight", Value: "90", Unit: "kg"}, {Name: "Centrifugal force", Value: "18", Unit: "kN"}, {Name: "Engine", Value: "Honda GX160"}, {Name: "Water tank", Value: "Yes"}}},
}

// products is the demo catalogue in catalogue order: the home page shows the
// first five.
var products = []product{
	{"Hydraulic Excavator 20T", "128500", 4, 1, "machine", 0,
		"20-tonne crawler excavator with a 1.0 m³ bucket, 110 kW Tier 4 diesel, air-conditioned ROPS cab and quick coupler. Ships with a 2,000-hour warranty."},
	{"Diesel Generator 60 kVA", "14900", 12, 1, "pump", 1,
		"Silent-canopy 60 kVA / 48 kW standby generator, 3-phase 400 V, automatic transfer switch ready, 12-hour fuel tank. Ideal for sites and workshops."},
	{"Rotary Screw Air Compressor 15 kW", "6450", 18, 1, "pump", 2,
		"Belt-free rotary screw compressor, 2.4 m³/min at 8 bar, integrated dryer and 500 L receiver. Runs quietly at 68 dB(A) for continuous duty."},
	{"Tapered Roller Bearing 32210", "18.5", 4800, 50, "bearing", 3,
		"Single-row tapered roller bearing, 50 × 90 × 24.75 mm, chrome steel, C3 clearance. Sold in boxes of 10; order at least 50 pieces."},
	{"Spur Gear Module 3, 40 Teeth", "64.9", 620, 10, "gear", 4,
		"Hardened C45 steel spur gear, module 3, 40 teeth, 20° pressure angle, 30 mm bore with keyway. Precision ground for quiet gearboxes."},
	{"High-Tensile Hex Nut M24 (Box of 50)", "38.75", 1500, 20, "nut", 5,
		"Grade 10 zinc-plated hex nuts, M24 × 3.0, DIN 934. Box of 50 for structural steel, heavy machinery frames and anchor bolts."},
	{"MIG Welding Machine 250 A", "1290", 35, 1, "machine", 6,
		"Inverter MIG/MAG welder with 250 A output at 60% duty cycle, synergic control, 4-roll wire feed and a 3 m torch. 230/400 V input."},
	{"Centrifugal Water Pump 7.5 kW", "2180", 22, 1, "pump", 0,
		"End-suction centrifugal pump, 7.5 kW, up to 90 m³/h at 32 m head, cast-iron casing and stainless impeller for irrigation and dewatering."},
	{"Electric Chain Hoist 2 Ton", "1845", 16, 1, "gear", 1,
		"2,000 kg electric chain hoist with 6 m lift, dual-speed hoisting, overload clutch and IP55 pendant control. Trolley sold separately."},
	{"Deep Groove Ball Bearing 6205-2RS", "4.2", 12000, 100, "bearing", 2,
		"Sealed deep groove ball bearing, 25 × 52 × 15 mm, pre-greased for life. The standard choice for motors, pumps and conveyors."},
	{"Industrial Pallet Jack 2.5T", "465", 60, 2, "machine", 3,
		"Manual hydraulic pallet truck, 2,500 kg capacity, 1150 × 540 mm forks, polyurethane wheels and a three-position control handle."},
	{"Hydraulic Gear Pump 25 cc", "389", 140, 5, "gear", 4,
		"Cast-iron external gear pump, 25 cm³/rev, 250 bar continuous, SAE B flange and splined shaft. Fits most tractor and loader circuits."},
	{"Flange Nut M16 Serrated (Box of 100)", "27.6", 2200, 25, "nut", 5,
		"Serrated flange nuts, M16 × 1.5, grade 8, self-locking without washers. Box of 100 for vibrating equipment and chassis work."},
	{"Plate Compactor 90 kg", "1120", 28, 1, "pump", 6,
		"Forward plate compactor, 90 kg, 18 kN centrifugal force, Honda GX160 engine, water tank for asphalt. Folding handle for transport."},
}

type review struct {
	Name    string
	Review  string
	Rating  int
	Palette int
	DaysAgo int
}

var reviews = []review{
	{"Maria Gonzalez", "Our generator arrived two days early and ran our whole site through a week-long outage. Setup support was excellent.", 5, 1, 2},
	{"David Okafor", "Ordered 300 bearings for the conveyor line. Every box was sealed and labelled, and the minimum order made pricing very fair.", 5, 3, 5},
	{"Hannah Lee", "The compressor is far quieter than our old piston unit. One fitting was faulty and they replaced it within the week, no questions.", 4, 2, 9},
	{"Rahul Mehta", "We run two of their excavators on a quarry job. Solid machines, clear paperwork, and spare parts are actually in stock.", 5, 0, 14},
	{"Sofia Rossi", "The welding machine is a workhorse. Checkout was simple and I could see exactly when the order shipped.", 5, 6, 21},
	{"Tom Brennan", "Good prices on fasteners in bulk. Delivery took a day longer than promised, but the support team kept me informed.", 4, 4, 30},
	{"Aisha Karim", "Bought a plate compactor for our landscaping crew. Starts first pull every morning. Will order the pallet jacks next.", 5, 5, 41},
}

// palettes are gradient pairs, top to bottom, in the site's industrial tones.
var palettes = [][2]color.RGBA{
	{{30, 64, 120, 255}, {12, 20, 40, 255}},   // steel blue
	{{180, 83, 9, 255}, {67, 20, 7, 255}},     // rust
	{{21, 94, 117, 255}, {8, 36, 48, 255}},    // teal
	{{71, 85, 105, 255}, {15, 23, 42, 255}},   // slate
	{{161, 98, 7, 255}, {66, 32, 6, 255}},     // amber
	{{63, 98, 18, 255}, {26, 46, 5, 255}},     // olive
	{{126, 34, 206, 255}, {46, 16, 101, 255}}, // violet
}
