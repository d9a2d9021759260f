/**
 * The UI strings of the products page and of catalogue management (issue 4).
 * Kept apart from messages.ts because only lazy pages use them: messages.ts
 * is part of the first load of `/`.
 */
export const catalogueMessages = {
  products: {
    title: 'All Products',
    subtitle: 'Machinery, tools and parts, ready to ship in bulk or by the piece.',
    search: 'Search by name, SKU or description',
    sort: 'Sort by',
    sortCatalogue: 'Catalogue order',
    sortNameAsc: 'Name: A to Z',
    sortNameDesc: 'Name: Z to A',
    sortPriceAsc: 'Price: low to high',
    sortPriceDesc: 'Price: high to low',
    showing: (from: number, to: number, total: number) => `Showing ${from}–${to} of ${total} products`,
    noMatch: (q: string) => `No products match “${q}”.`,
    clearSearch: 'Clear search',
    pages: 'Pages of products',
  },
  /** The public product page, /product/:id (issue 12). */
  product: {
    /** The page's title until the product's name is known. */
    title: 'Product',
    backToProducts: 'All products',
    perPiece: 'per piece',
    description: 'Description',
    loadFailed: 'We could not load this product right now.',
  },
  productAdmin: {
    // The spec's texts, word for word (the double space included).
    nameRequired: 'Product Name  is Required',
    descriptionRequired: 'description is Required',
    added: 'Product added successfully',
    addFailed: 'Failed to add the Product',
    confirmDelete: 'Are You sure Want to delete this product?',
    addSubtitle: 'Put a machine or part in the catalogue. It shows on the products page at once.',
    name: 'Product Name',
    email: 'Email',
    price: 'Price',
    available: 'Available Quantity',
    minimum: 'Minimum Quantity',
    description: 'Description',
    image: 'Image',
    priceRequired: 'Price is Required',
    priceInvalid: 'Enter a price above 0 with at most 2 decimals',
    availableRequired: 'Available Quantity is Required',
    minimumRequired: 'Minimum Quantity is Required',
    wholeNumber: 'Enter a whole number',
    minimumTooSmall: 'The minimum is at least 1',
    submit: 'Add Product',
    manageSubtitle: 'Every product of the catalogue: change prices, stock and pictures, or take a product out.',
    tableLabel: 'Products',
    columnImage: 'Image',
    columnName: 'Name',
    columnPrice: 'Price',
    columnAvailable: 'Available',
    columnActions: 'Actions',
    count: (n: number) => (n === 1 ? '1 product' : `${n} products`),
    pcs: (n: number) => `${n} pcs`,
    edit: 'Edit',
    editLabel: (name: string) => `Edit ${name}`,
    editTitle: (name: string) => `Edit ${name}`,
    delete: 'Delete',
    deleteLabel: (name: string) => `Delete ${name}`,
    deleted: 'The product was deleted.',
    alreadyDeleted: 'This product was already deleted.',
    deleteFailed: 'Failed to delete the Product',
    save: 'Save changes',
    updated: 'The product was updated.',
    unchanged: 'Nothing to save: no field was changed.',
    updateFailed: 'Failed to update the Product',
    /** The pictures field in a conflict: how many, and whether one is a new file. */
    pictures: (n: number, fresh: boolean) => `${n === 1 ? '1 picture' : `${n} pictures`}${fresh ? ', new ones chosen' : ''}`,

    empty: 'No products yet. Add the first one.',
  },
} as const;
