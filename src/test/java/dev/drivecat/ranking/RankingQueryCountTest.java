package dev.drivecat.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.pricing.OfferQueries;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.context.ManagedExecutor;
import org.junit.jupiter.api.Test;

/**
 * The ranking reads its candidates in a fixed number of SQL statements, however many drives match:
 * counted at the JDBC connection, so a per-drive query added anywhere in the load shows up here.
 */
@QuarkusTest
class RankingQueryCountTest {

    private static final Set<String> STATEMENTS = Set.of("prepareStatement", "createStatement", "prepareCall");

    @Inject
    AgroalDataSource dataSource;

    @Inject
    OfferQueries offers;

    @Inject
    ManagedExecutor executor;

    private final AtomicInteger statements = new AtomicInteger();

    private RankingRepository countingRepository() {
        RankingRepository repository = new RankingRepository();
        repository.offers = offers;
        repository.offerReader = executor;
        repository.dataSource = (AgroalDataSource) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {AgroalDataSource.class}, (proxy, method, args) -> {
                    Object result = invoke(dataSource, method, args);
                    return result instanceof Connection c ? countingConnection(c) : result;
                });
        return repository;
    }

    private Connection countingConnection(Connection real) {
        return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    if (STATEMENTS.contains(method.getName())) {
                        statements.incrementAndGet();
                    }
                    return invoke(real, method, args);
                });
    }

    private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private int statementsFor(java.util.function.Function<RankingRepository, List<Candidate>> load, int[] candidates) {
        statements.set(0);
        candidates[0] = load.apply(countingRepository()).size();
        return statements.get();
    }

    @Test
    void candidatesForAFewDrivesOrForAllOfThemTakeTheSameThreeStatements() {
        List<Long> someIds = countingRepository().all().stream().limit(3).map(Candidate::id).toList();
        int[] few = new int[1];
        int[] all = new int[1];
        int forFew = statementsFor(r -> r.drives(someIds), few);
        int forAll = statementsFor(RankingRepository::all, all);
        assertThat(all[0]).as("the seed catalog has many more drives than three").isGreaterThan(few[0] * 2);
        assertThat(few[0]).isEqualTo(3);
        assertThat(forFew).isEqualTo(3);
        assertThat(forAll).isEqualTo(3);
    }
}
