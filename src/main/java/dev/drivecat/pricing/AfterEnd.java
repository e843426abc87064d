package dev.drivecat.pricing;

/** What a listing of a marketplace keeps once it has ended, by that marketplace's terms. */
public enum AfterEnd {
    /** Everything: its history with the seller and the words it was shown with. */
    KEEP,
    /**
     * Its prices, times, conditions and sellers' kinds only: the seller's name, the offer's words and
     * availability, and what discovery kept of its result (title, seller, location, the condition's and
     * price's wording) are forgotten, as content that is no longer public.
     */
    FORGET_CONTENT
}
