package dev.drivecat.specs;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.SpecStatement;
import dev.drivecat.common.Text;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.ObservationInput;
import dev.drivecat.pricing.SellerType;
import java.util.List;
import java.util.Set;

/** A validated import document, with every token resolved and every reference checked. */
public record ImportPlan(List<DrivePlan> drives, List<ListingPlan> listings) {

    /** Fields left null are not given and, for an existing drive, stay as they are. */
    public record DrivePlan(String slug, String vendor, String model, Integer capacityGb, Interface iface,
                            FormFactor formFactor, Integer pcieGen, Integer pcieLanes, Boolean discontinued,
                            Set<String> partNumbers, List<SpecStatement> specs) {

        /** A drive's names from an import: one line each (a CR/LF in a model broke every digest subject naming it). */
        public DrivePlan {
            vendor = Text.singleLine(vendor);
            model = Text.singleLine(model);
        }
    }

    /** Fields left null are not given and, for an existing listing, stay as they are. */
    public record ListingPlan(String marketplace, String externalId, String url, String driveSlug, String sellerName,
                              SellerType sellerType, Boolean fulfilledByMarketplace, Condition condition,
                              Boolean businessOnly, boolean watch, List<ObservationInput> observations) {
    }
}
